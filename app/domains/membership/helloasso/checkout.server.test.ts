import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMartinFile, createSubmittedFile } from "../../../../tests/membership-files";
import { createSeason } from "../../../../tests/membership";
import { startFakeHelloAsso } from "../../../../tests/helloasso/fake-server";
import { fileState, journalOf, LINKS, withFakeHelloAsso } from "../../../../tests/helloasso/setup";
import { CHECKOUT_LIFETIME_MS, CheckoutError, startCheckout } from "./checkout.server";
import { confirmCheckout } from "./confirm.server";

/*
 * « Payer par carte » against the fake HelloAsso: what the intent asks, what
 * the family's return records, and the checkouts a file may have open.
 */

const hello = withFakeHelloAsso();
const MINUTE = 60_000;

/** The checkout just made for the file and its intent's id at HelloAsso. */
async function lastCheckout(fileId: number) {
  const { checkouts } = await fileState(fileId);
  const checkout = checkouts.at(-1)!;
  return { checkout, intentId: Number(checkout.intent_id) };
}

describe("startCheckout and confirmCheckout", () => {
  it("paid: one card payment received, shared as each member owed, the file paid, its promises cancelled", async () => {
    const { file, season, registrations, household } = await createMartinFile();
    const now = new Date();
    const start = await startCheckout(file.id, { links: LINKS, now });
    const { checkout, intentId } = await lastCheckout(file.id);
    expect(start).toEqual({ redirect: `${hello.fake.url}/checkout/${intentId}` });
    expect(checkout).toMatchObject({ state: "pending", amount_cents: 23000, instalments: 1 });

    // What HelloAsso was asked: the file's due, its name, our addresses, our nonce, the guardian.
    const body = hello.fake.intents.at(-1)!.body;
    expect(body).toEqual({
      totalAmount: 23000,
      initialAmount: 23000,
      itemName: `Adhésion ${season.label} – 2 membres`,
      backUrl: LINKS.back,
      errorUrl: LINKS.error,
      returnUrl: LINKS.return,
      containsDonation: false,
      payer: { firstName: "Claire", lastName: "Martin", email: household.email },
      metadata: { checkout: checkout.id, file: file.reference, nonce: checkout.nonce },
    });
    expect(checkout.nonce.length).toBeGreaterThanOrEqual(24);

    const order = await hello.fake.pay(intentId);
    expect(await confirmCheckout(checkout.id, { now })).toBe("paid");

    const state = await fileState(file.id);
    expect(state.card).toHaveLength(1);
    expect(state.card[0]).toMatchObject({
      amount_cents: 23000,
      status: "received",
      external_id: `helloasso:${order.payments[0]!.id}`,
      received_by: "HelloAsso",
      received_at: now.toISOString(),
    });
    expect(state.card[0]!.reference).toContain(String(order.id));
    // Léa owes 80 €, Hugo 150 €: the card pays each exactly that.
    expect(state.cardShares(registrations.map((r) => r.id))).toEqual([8000, 15000]);
    expect(state.paidAt).toBe(now.toISOString());
    // The three cheques promised at the submit are no longer expected.
    expect(state.payments.filter((p) => p.method === "cheque").map((p) => p.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    expect(state.checkouts).toHaveLength(1);
    expect(state.checkouts[0]).toMatchObject({
      state: "paid",
      open_key: null,
      order_id: String(order.id),
    });
    const journal = await journalOf(file.id);
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ action: "payment.received", username: expect.any(String) });
    expect(journal[0]!.item_label).toMatch(/230\s€ par carte/);
    expect(journal[0]!.item_label).toContain(String(order.id));

    // Read again (the family reloads its return page): nothing more.
    expect(await confirmCheckout(checkout.id)).toBe("paid");
    expect((await fileState(file.id)).card).toHaveLength(1);
    expect(await journalOf(file.id)).toHaveLength(1);
    // And the file owes nothing now: no new checkout.
    expect(await startCheckout(file.id, { links: LINKS })).toEqual({ paid: true });
  });

  it("names an adult member as the payer when the file has no guardian, never a child", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const { file } = await createSubmittedFile({
      season,
      members: [
        {
          firstName: "Nadia",
          lastName: "Benali",
          birthDate: `${start - 35}-05-01`,
          tariff: tariffs[2]!,
        },
      ],
      payment: null,
    });
    await startCheckout(file.id, { links: LINKS });
    const body = hello.fake.intents.at(-1)!.body as Record<string, unknown>;
    expect(body.payer).toMatchObject({ firstName: "Nadia", lastName: "Benali" });
    expect(body.itemName).toBe(`Adhésion ${season.label} – 1 membre`);
  });

  it("refused card: nothing recorded, the page stays payable, and the file can pay later", async () => {
    const { file } = await createMartinFile();
    const now = new Date();
    const first = await startCheckout(file.id, { links: LINKS, now });
    const { checkout, intentId } = await lastCheckout(file.id);
    hello.fake.refuse(intentId);
    expect(await confirmCheckout(checkout.id, { now })).toBe("pending");
    let state = await fileState(file.id);
    expect(state.card).toHaveLength(0);
    expect(state.paidAt).toBeNull();
    // Another try within the 15 minutes: the same page (HelloAsso keeps it payable).
    expect(
      await startCheckout(file.id, { links: LINKS, now: new Date(now.getTime() + MINUTE) }),
    ).toEqual(first);
    // Later: a new checkout, which is paid.
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    const second = await startCheckout(file.id, { links: LINKS, now: later });
    expect(second).not.toEqual(first);
    const next = await lastCheckout(file.id);
    await hello.fake.pay(next.intentId);
    expect(await confirmCheckout(next.checkout.id, { now: later })).toBe("paid");
    state = await fileState(file.id);
    expect(state.card).toHaveLength(1);
    expect(state.checkouts.map((c) => c.state)).toEqual(["abandoned", "paid"]);
  });

  it("abandoned: a fresh open checkout is reused, an expired one is read back then replaced, never two open", async () => {
    const { file } = await createMartinFile();
    const now = new Date();
    const first = await startCheckout(file.id, { links: LINKS, now });
    expect(
      await startCheckout(file.id, { links: LINKS, now: new Date(now.getTime() + 10 * MINUTE) }),
    ).toEqual(first);
    expect(
      hello.fake.intents.filter(
        (i) => i.body.metadata && (i.body.metadata as { file: string }).file === file.reference,
      ),
    ).toHaveLength(1);

    const calls = hello.fake.calls.length;
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    const second = await startCheckout(file.id, { links: LINKS, now: later });
    expect(second).not.toEqual(first);
    // The expired one was read back from HelloAsso before a new one was made.
    const made = hello.fake.calls
      .slice(calls)
      .map((c) => `${c.method} ${c.path.replace(/\d+$/, "N")}`);
    expect(made).toEqual([
      "GET /v5/organizations/club-de-boxe-meyzieu/checkout-intents/N",
      "POST /v5/organizations/club-de-boxe-meyzieu/checkout-intents",
    ]);
    const state = await fileState(file.id);
    expect(state.checkouts.map((c) => c.state)).toEqual(["abandoned", "pending"]);
    expect(state.open).toHaveLength(1);
    expect(state.card).toHaveLength(0);
  });

  it("an expired checkout paid meanwhile is recorded, not replaced", async () => {
    const { file } = await createMartinFile();
    const now = new Date();
    await startCheckout(file.id, { links: LINKS, now });
    const { intentId } = await lastCheckout(file.id);
    await hello.fake.pay(intentId);
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    expect(await startCheckout(file.id, { links: LINKS, now: later })).toEqual({ paid: true });
    const state = await fileState(file.id);
    expect(state.checkouts).toHaveLength(1);
    expect(state.card).toHaveLength(1);
    expect(state.paidAt).toBe(later.toISOString());
  });

  it("an expired checkout HelloAsso paid with another amount: no new payment offered", async () => {
    const { file } = await createMartinFile();
    const now = new Date();
    await startCheckout(file.id, { links: LINKS, now });
    const { intentId } = await lastCheckout(file.id);
    await hello.fake.pay(intentId, { amountTotal: 20000 });
    const intents = hello.fake.intents.length;
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    await expect(startCheckout(file.id, { links: LINKS, now: later })).rejects.toThrow(
      "Un paiement par carte de ce dossier est à vérifier par le club : contactez-le avant de payer à nouveau.",
    );
    expect(hello.fake.intents.length).toBe(intents);
    const state = await fileState(file.id);
    expect(state.card).toHaveLength(0);
    expect(state.open).toHaveLength(1);
  });

  it("an expired checkout HelloAsso does not know: replaced", async () => {
    const { file } = await createMartinFile();
    const now = new Date();
    await startCheckout(file.id, { links: LINKS, now });
    const { checkout } = await lastCheckout(file.id);
    await getDb()
      .updateTable("helloasso_checkouts")
      .set({ intent_id: "987654321" })
      .where("id", "=", checkout.id)
      .execute();
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    expect(await startCheckout(file.id, { links: LINKS, now: later })).toHaveProperty("redirect");
    const state = await fileState(file.id);
    expect(state.checkouts.map((c) => c.state)).toEqual(["abandoned", "pending"]);
  });

  it("two clicks at the same moment: one intent at HelloAsso, one open checkout", async () => {
    const { file } = await createMartinFile();
    const before = hello.fake.intents.length;
    const now = new Date();
    const results = await Promise.allSettled([
      startCheckout(file.id, { links: LINKS, now }),
      startCheckout(file.id, { links: LINKS, now }),
    ]);
    expect(hello.fake.intents.length - before).toBe(1);
    const state = await fileState(file.id);
    expect(state.open).toHaveLength(1);
    expect(state.checkouts.filter((c) => c.intent_id !== null)).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(CheckoutError);
    }
  });

  it("a click while another is still asking HelloAsso: that one is awaited, not closed", async () => {
    const { file } = await createMartinFile();
    const now = new Date();
    // The first click's row, its intent not made yet.
    await getDb()
      .insertInto("helloasso_checkouts")
      .values({
        file_id: file.id,
        open_key: String(file.id),
        nonce: "n".repeat(24),
        amount_cents: 23000,
        state: "creating",
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CHECKOUT_LIFETIME_MS).toISOString(),
      })
      .execute();
    const before = hello.fake.intents.length;
    await expect(
      startCheckout(file.id, { links: LINKS, now: new Date(now.getTime() + 2000) }),
    ).rejects.toThrow("Le paiement est en préparation : réessayez dans un instant.");
    expect(hello.fake.intents.length).toBe(before);
    expect((await fileState(file.id)).open.map((c) => c.state)).toEqual(["creating"]);
    // Left so (the server stopped mid-way): after its 15 minutes a new one is made.
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    expect(await startCheckout(file.id, { links: LINKS, now: later })).toHaveProperty("redirect");
    const state = await fileState(file.id);
    expect(state.checkouts.map((c) => c.state)).toEqual(["failed", "pending"]);
  });

  it("a page still open in one number of instalments is not replaced by one in another", async () => {
    await hello.writeSettings({ instalments: true });
    const { file } = await createMartinFile();
    const now = new Date();
    const first = await startCheckout(file.id, { links: LINKS, now, instalments: 1 });
    // The family came back and chose 3 instalments: the first page could still be paid.
    await expect(
      startCheckout(file.id, {
        links: LINKS,
        now: new Date(now.getTime() + MINUTE),
        instalments: 3,
      }),
    ).rejects.toThrow(/commencé il y a moins de 15 minutes, est encore ouvert sur HelloAsso/);
    expect(await startCheckout(file.id, { links: LINKS, now, instalments: 1 })).toEqual(first);
    // Once it has expired (and HelloAsso says it was not paid), 3 instalments it is.
    const later = new Date(now.getTime() + CHECKOUT_LIFETIME_MS + MINUTE);
    await startCheckout(file.id, { links: LINKS, now: later, instalments: 3 });
    const state = await fileState(file.id);
    expect(state.checkouts.map((c) => [c.state, c.instalments])).toEqual([
      ["abandoned", 1],
      ["pending", 3],
    ]);
    await hello.writeSettings();
  });

  it("3 instalments: three card payments, the first received, the others expected by month", async () => {
    await hello.writeSettings({ instalments: true });
    const { file, registrations } = await createMartinFile();
    const now = new Date("2026-09-20T10:00:00Z");
    await startCheckout(file.id, { links: LINKS, now, instalments: 3 });
    const { checkout, intentId } = await lastCheckout(file.id);
    expect(checkout.instalments).toBe(3);
    expect(hello.fake.intents.at(-1)!.body).toMatchObject({
      totalAmount: 23000,
      initialAmount: 7800,
      terms: [
        { amount: 7600, date: "2026-10-20" },
        { amount: 7600, date: "2026-11-20" },
      ],
    });
    await hello.fake.pay(intentId);
    expect(await confirmCheckout(checkout.id, { now })).toBe("paid");
    const state = await fileState(file.id);
    expect(state.card.map((p) => [p.amount_cents, p.status, p.due_month])).toEqual([
      [7800, "received", null],
      [7600, "expected", "2026-10"],
      [7600, "expected", "2026-11"],
    ]);
    // Shared as the cheques would be: all three together pay each member what they owe.
    expect(state.cardShares(registrations.map((r) => r.id))).toEqual([8000, 15000]);
    // The file is paid once all is received (as with cheques), not at the first instalment.
    expect(state.paidAt).toBeNull();
    expect(state.checkouts[0]).toMatchObject({ state: "paid", open_key: null });
    // The instalments to come are HelloAsso's: clicking « Payer par carte » again asks nothing more.
    const intents = hello.fake.intents.length;
    const again = await startCheckout(file.id, { links: LINKS, now }).catch(
      (error: unknown) => error,
    );
    expect(hello.fake.intents.length).toBe(intents);
    expect(again).toBeInstanceOf(CheckoutError);
    expect((again as Error).message).toBe(
      "Le paiement en 3 fois est en cours : HelloAsso prélèvera les prochaines échéances.",
    );
    expect((await fileState(file.id)).card).toHaveLength(3);
  });

  it("3 instalments asked while the admin offers none: one payment", async () => {
    const { file } = await createMartinFile();
    await startCheckout(file.id, { links: LINKS, instalments: 3 });
    const body = hello.fake.intents.at(-1)!.body;
    expect(body).toMatchObject({ totalAmount: 23000, initialAmount: 23000 });
    expect(body.terms).toBeUndefined();
  });

  it("an expired token: a new one is asked and the call succeeds", async () => {
    const { file } = await createMartinFile();
    await startCheckout(file.id, { links: LINKS });
    const { checkout, intentId } = await lastCheckout(file.id);
    await hello.fake.pay(intentId);
    hello.fake.expireTokens();
    const calls = hello.fake.calls.length;
    expect(await confirmCheckout(checkout.id)).toBe("paid");
    expect(
      hello.fake.calls.slice(calls).map((c) => [c.method, c.path.split("/")[1], c.status]),
    ).toEqual([
      ["GET", "v5", 401],
      ["POST", "oauth2", 200],
      ["GET", "v5", 200],
    ]);
    // Past HelloAsso's 30 minutes too.
    const { file: other } = await createMartinFile();
    hello.fake.advance(31 * MINUTE);
    expect(await startCheckout(other.id, { links: LINKS })).toHaveProperty("redirect");
  });

  it("the payer refused by HelloAsso: the intent is made without one", async () => {
    hello.fake.configure({ rejectPayer: true });
    const { file } = await createMartinFile();
    const start = await startCheckout(file.id, { links: LINKS });
    expect(start).toHaveProperty("redirect");
    const intent = hello.fake.intents.at(-1)!;
    expect(intent.payer).toBeNull();
    expect(intent.body.payer).toBeUndefined();
    expect(
      hello.fake.calls
        .filter((c) => c.method === "POST" && c.path.includes("checkout-intents"))
        .at(-2)?.status,
    ).toBe(400);
  });

  it("HelloAsso unreachable: a French error, no open checkout left behind", async () => {
    const { file } = await createMartinFile();
    const closed = await startFakeHelloAsso();
    await closed.close();
    hello.pointAt(closed.url);
    const error = await startCheckout(file.id, { links: LINKS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect((error as Error).message).toBe(
      "Le paiement par carte est indisponible pour le moment : réessayez plus tard, ou payez au club.",
    );
    const state = await fileState(file.id);
    expect(state.open).toHaveLength(0);
    expect(state.checkouts.map((c) => c.state)).toEqual(["failed"]);
    expect(state.checkouts[0]!.last_error).toContain("HelloAsso ne répond pas");
    // Back up: the family can pay.
    hello.pointAt(hello.fake.url);
    expect(await startCheckout(file.id, { links: LINKS })).toHaveProperty("redirect");
  });

  it("card payment off: a French error, nothing asked", async () => {
    const { file } = await createMartinFile();
    await getDb().updateTable("helloasso_settings").set({ enabled: 0 }).execute();
    await expect(startCheckout(file.id, { links: LINKS })).rejects.toThrow(
      "Le paiement par carte n'est pas proposé : payez au club.",
    );
  });
});
