import { describe, expect, it } from "vitest";
import { CONTROL_MESSAGE, LINE_BREAK_MESSAGE } from "~/core/typed-text";
import { fieldErrors } from "~/core/form";
import { PRICE_MESSAGES, PriceListSchema, PriceSchema, type PriceValues } from "./price-schema";

const values = (overrides: Partial<PriceValues> = {}): PriceValues => ({
  label: "Adultes loisir",
  audience: "adultes",
  amount: "180,50",
  includes_licence: true,
  includes_insurance: false,
  notes: "Paiement en 3 chèques",
  ...overrides,
});

const errorsOf = (input: unknown) => {
  const parsed = PriceSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("PriceSchema", () => {
  it("reads the amount typed in euros as cents, and trims the texts", () => {
    const parsed = PriceSchema.parse(values({ label: "  Adultes loisir ", amount: " 180,50 € " }));
    expect(parsed).toEqual({
      label: "Adultes loisir",
      audience: "adultes",
      amount: 180_50,
      includes_licence: true,
      includes_insurance: false,
      notes: "Paiement en 3 chèques",
    });
    expect(PriceSchema.parse(values({ amount: "180" })).amount).toBe(180_00);
    // A control character or a line break is refused, with the field's message, not dropped.
    expect(errorsOf(values({ notes: "Pass'Sport\r\n\u0000accepté\t" }))).toEqual({
      notes: CONTROL_MESSAGE,
    });
    expect(errorsOf(values({ notes: "Pass'Sport\naccepté" }))).toEqual({
      notes: LINE_BREAK_MESSAGE,
    });
  });

  it("answers in French for each wrong field", () => {
    expect(errorsOf(values({ label: "  " }))).toEqual({ label: "Le libellé est obligatoire" });
    expect(errorsOf(values({ label: "x".repeat(101) }))).toEqual({
      label: "Le libellé ne doit pas dépasser 100 caractères",
    });
    expect(errorsOf(values({ audience: "bebes" as never }))).toEqual({
      audience: "Choisissez un public",
    });
    expect(errorsOf(values({ amount: "" }))).toEqual({ amount: PRICE_MESSAGES.amountRequired });
    expect(errorsOf(values({ amount: "cent euros" }))).toEqual({
      amount: PRICE_MESSAGES.amountInvalid,
    });
    expect(errorsOf(values({ amount: "0" }))).toEqual({ amount: PRICE_MESSAGES.amountRange });
    expect(errorsOf(values({ amount: "10000,01" }))).toEqual({
      amount: PRICE_MESSAGES.amountRange,
    });
    expect(errorsOf(values({ notes: "x".repeat(301) }))).toEqual({
      notes: "La note ne doit pas dépasser 300 caractères",
    });
  });

  it("keys a list's errors by their path, as the editor shows them under each price", () => {
    const parsed = PriceListSchema.safeParse({ prices: [values(), values({ amount: "abc" })] });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!, { byPath: true })).toEqual({
      "prices.1.amount": PRICE_MESSAGES.amountInvalid,
    });
    expect(
      PriceListSchema.safeParse({ prices: Array.from({ length: 51 }, () => values()) }).success,
    ).toBe(false);
  });
});
