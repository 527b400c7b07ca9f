import { describe, expect, it } from "vitest";
import { CONTROL_MESSAGE, LINE_BREAK_MESSAGE, onOneLine, textProblem } from "./typed-text";
import * as z from "./zod";

const Form = z.object({
  name: z.string().trim().min(1, "Indiquez votre nom."),
  message: z.multiline().trim(),
  password: z.secret(),
});
const errorsOf = (values: Record<string, string>) =>
  Object.fromEntries(
    (Form.safeParse(values).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
  );
const GOOD = { name: "Léa", message: "Bonjour,\r\nà lundi\tpeut-être.", password: "s3cret" };

describe("the rule for typed text", () => {
  it("refuses NUL, the other C0 and C1 controls and the line separators in every field", () => {
    for (const bad of ["\u0000", "\u0007", "\u001b[31m", "\u007f", "\u0085", "\u009b", "\u2028"]) {
      expect(textProblem(`a${bad}b`, { multiline: true })).toBe(CONTROL_MESSAGE);
      expect(errorsOf({ name: `Léa${bad}`, message: bad, password: `x${bad}` })).toEqual({
        name: CONTROL_MESSAGE,
        message: CONTROL_MESSAGE,
        password: CONTROL_MESSAGE,
      });
    }
  });

  it("allows line breaks and tabs only in a multi-line field", () => {
    expect(Form.safeParse(GOOD).success).toBe(true);
    expect(errorsOf({ ...GOOD, name: "Léa\nMartin", password: "a\tb" })).toEqual({
      name: LINE_BREAK_MESSAGE,
      password: LINE_BREAK_MESSAGE,
    });
    expect(textProblem("Léa Martin")).toBeNull();
  });

  it("removes invisible direction marks and zero-width spaces from one-line texts, keeps emoji joins", () => {
    const parsed = Form.parse({
      ...GOOD,
      name: " \u202eLéa\u202c \u2066Martin\u2069\u200b\ufeff 👨\u200d👩\u200d👧 ",
      password: "\u202eabc",
    });
    expect(parsed.name).toBe("Léa Martin 👨\u200d👩\u200d👧");
    // A password is kept exactly as typed, or it would stop matching its hash.
    expect(parsed.password).toBe("\u202eabc");
  });

  it("writes controls and line breaks as one space on one line", () => {
    expect(onOneLine("12 rue des Lilas\r\n69330\u0000 Meyzieu")).toBe(
      "12 rue des Lilas 69330 Meyzieu",
    );
  });
});
