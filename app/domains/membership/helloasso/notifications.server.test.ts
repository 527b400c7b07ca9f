import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMartinFile } from "../../../../tests/membership-files";
import {
  deliver,
  fileState,
  journalOf,
  LINKS,
  orderNotification,
  withFakeHelloAsso,
} from "../../../../tests/helloasso/setup";
import { startCheckout } from "./checkout.server";
import { confirmCheckout } from "./confirm.server";
import { processNotification, receiveNotification } from "./notifications.server";

/*
 * HelloAsso's notifications and the family's return, in every order, and what
 * a forger or a replay can do: never mark a file paid nor add a payment.
 */

const hello = withFakeHelloAsso();

/** A Martin file with a checkout made, its intent's id at HelloAsso. */
async function fileWithCheckout() {
  const made = await createMartinFile();
  await startCheckout(made.file.id, { links: LINKS });
  const { checkouts } = await fileState(made.file.id);
  const checkout = checkouts.at(-1)!;
  return { ...made, checkout, intentId: Number(checkout.intent_id) };
}

function inbox() {
  return getDb().selectFrom("webhook_inbox").selectAll().orderBy("id").execute();
}

/** Nothing recorded for the file: no card payment, not paid, its cheques still expected. */
async function expectNothingPaid(fileId: number) {
  const state = await fileState(fileId);
  expect(state.card).toHaveLength(0);
  expect(state.paidAt).toBeNull();
  expect(state.payments.every((p) => p.status === "expected")).toBe(true);
  expect(await journalOf(fileId)).toHaveLength(0);
  return state;
}

describe("the notification and the return", () => {
  it("a notification before the return records the payment; the return then changes nothing", async () => {
    hello.sendNotificationsHere();
    const { file, checkout, intentId, registrations } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    expect(hello.fake.notifications.at(-1)).toMatchObject({ status: 200 });
    let state = await fileState(file.id);
    expect(state.card.map((p) => [p.amount_cents, p.status])).toEqual([[23000, "received"]]);
    expect(state.cardShares(registrations.map((r) => r.id))).toEqual([8000, 15000]);
    expect(state.paidAt).not.toBeNull();
    const rows = await inbox();
    expect(rows.at(-1)).toMatchObject({ source_ip: "127.0.0.1", outcome: "paid" });
    expect(rows.at(-1)!.processed_at).not.toBeNull();

    expect(await confirmCheckout(checkout.id)).toBe("paid");
    state = await fileState(file.id);
    expect(state.card).toHaveLength(1);
    expect(state.checkouts[0]).toMatchObject({ state: "paid", order_id: String(order.id) });
    expect(await journalOf(file.id)).toHaveLength(1);
  });

  it("the return first, then the notification: one payment", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    expect(await confirmCheckout(checkout.id)).toBe("paid");
    await deliver(orderNotification(hello.fake, order));
    expect((await fileState(file.id)).card).toHaveLength(1);
    expect(await journalOf(file.id)).toHaveLength(1);
    expect((await inbox()).at(-1)!.outcome).toBe("paid");
  });

  it("the return and the notification at the same moment: exactly one payment", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    const outcomes = await Promise.all([
      confirmCheckout(checkout.id),
      deliver(orderNotification(hello.fake, order)),
      confirmCheckout(checkout.id),
    ]);
    expect(outcomes[0]).toBe("paid");
    expect(outcomes[2]).toBe("paid");
    const state = await fileState(file.id);
    expect(state.card).toHaveLength(1);
    expect(state.allocations.filter((a) => a.payment_id === state.card[0]!.id)).toHaveLength(2);
    expect(await journalOf(file.id)).toHaveLength(1);
  });

  it("a return with nothing paid: pending, nothing recorded", async () => {
    const { file, checkout } = await fileWithCheckout();
    expect(await confirmCheckout(checkout.id)).toBe("pending");
    const state = await expectNothingPaid(file.id);
    expect(state.open).toHaveLength(1);
  });

  it("refunded by HelloAsso: our payment refunded, the file no longer paid", async () => {
    hello.sendNotificationsHere();
    const { file, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    expect((await fileState(file.id)).paidAt).not.toBeNull();
    await hello.fake.refund(order.id);
    expect(hello.fake.notifications.at(-1)).toMatchObject({ status: 200 });
    const state = await fileState(file.id);
    expect(state.card.map((p) => p.status)).toEqual(["refunded"]);
    expect(state.paidAt).toBeNull();
    expect(state.checkouts[0]!.state).toBe("paid");
    // The treasurer reads it in the journal too.
    const journal = await journalOf(file.id);
    expect(journal.map((row) => row.action)).toEqual(["payment.received", "cancel"]);
    expect(journal[1]!.item_label).toMatch(
      /230\s€ par carte remboursés \(HelloAsso, commande \d+\)/,
    );
  });

  it("cancelled by HelloAsso: our payment cancelled, the file no longer paid", async () => {
    hello.sendNotificationsHere();
    const { file, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    await hello.fake.cancel(order.id);
    const state = await fileState(file.id);
    expect(state.card.map((p) => p.status)).toEqual(["cancelled"]);
    expect(state.paidAt).toBeNull();
    const journal = await journalOf(file.id);
    expect(journal.map((row) => row.action)).toEqual(["payment.received", "cancel"]);
    expect(journal[1]!.item_label).toMatch(/230\s€ par carte annulés/);
  });

  it("the next instalments taken by HelloAsso: received, the file paid with the last", async () => {
    await hello.writeSettings({ instalments: true });
    const { file, checkout, intentId } = await (async () => {
      const made = await createMartinFile();
      await startCheckout(made.file.id, { links: LINKS, instalments: 3 });
      const last = (await fileState(made.file.id)).checkouts.at(-1)!;
      return { ...made, checkout: last, intentId: Number(last.intent_id) };
    })();
    const order = await hello.fake.pay(intentId);
    expect(await confirmCheckout(checkout.id)).toBe("paid");
    // HelloAsso takes the two other instalments (the fake has no control for it: its order is changed).
    for (const payment of order.payments) payment.state = "Authorized";
    const when = new Date();
    await deliver(orderNotification(hello.fake, order), { now: when });
    const state = await fileState(file.id);
    expect(state.card.map((p) => p.status)).toEqual(["received", "received", "received"]);
    expect(state.paidAt).toBe(when.toISOString());
    const journal = await journalOf(file.id);
    expect(journal.map((row) => row.action)).toEqual([
      "payment.received",
      "payment.received",
      "payment.received",
    ]);
    expect(journal[1]!.item_label).toMatch(
      /76\s€ par carte \(HelloAsso, commande \d+, échéance 2\)/,
    );
  });
});

describe("an order HelloAsso did not authorize", () => {
  it("a refused payment in the order: the checkout refused, the family's cheques still expected", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    order.payments[0]!.state = "Canceled";
    expect(await confirmCheckout(checkout.id)).toBe("refused");
    const state = await fileState(file.id);
    expect(state.paidAt).toBeNull();
    expect(state.payments.filter((p) => p.method === "cheque").map((p) => p.status)).toEqual([
      "expected",
      "expected",
      "expected",
    ]);
    expect(state.checkouts[0]).toMatchObject({ state: "refused", open_key: null });
  });
});

describe("hostile cases never mark a file paid nor add a payment", () => {
  it("a forged return: HelloAsso says nothing was paid, whatever the browser says", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    hello.fake.refuse(intentId);
    expect(await confirmCheckout(checkout.id)).toBe("pending");
    await expectNothingPaid(file.id);
  });

  it("a forged notification naming an unpaid intent changes nothing", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    const body = JSON.stringify({
      eventType: "Order",
      data: {
        id: 99999,
        checkoutIntentId: intentId,
        amount: { total: 23000 },
        payments: [{ id: 1, amount: 23000, state: "Authorized" }],
      },
      metadata: { checkout: checkout.id, file: file.reference, nonce: checkout.nonce },
    });
    expect((await deliver(body)).status).toBe(200);
    await expectNothingPaid(file.id);
    expect((await inbox()).at(-1)!.outcome).toBe("pending");
  });

  it("a replayed notification: the same body dropped, a changed one naming a paid intent still one payment", async () => {
    hello.sendNotificationsHere();
    const { file, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    const stored = (await inbox()).length;
    const replay = await hello.fake.resendLastNotification();
    expect(replay.status).toBe(200);
    expect(await inbox()).toHaveLength(stored);

    const changed = JSON.parse(orderNotification(hello.fake, order)) as {
      data: { amount: { total: number }; payments: { id: number }[] };
    };
    changed.data.amount.total = 46000;
    changed.data.payments.push({ ...changed.data.payments[0]!, id: 123456 });
    const reception = await deliver(JSON.stringify(changed));
    expect(reception.inboxId).not.toBeNull();
    const state = await fileState(file.id);
    expect(state.card.map((p) => p.amount_cents)).toEqual([23000]);
    expect(await journalOf(file.id)).toHaveLength(1);
  });

  it("an amount changed at HelloAsso: a mismatch, nothing recorded", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    await hello.fake.pay(intentId, { amountTotal: 100 });
    expect(await confirmCheckout(checkout.id)).toBe("mismatch");
    const state = await expectNothingPaid(file.id);
    expect(state.checkouts[0]!.last_error).toContain("100 centimes, 23000 attendus");
  });

  it("a checkout whose nonce differs from the intent's metadata: a mismatch", async () => {
    const { file, checkout, intentId } = await fileWithCheckout();
    await getDb()
      .updateTable("helloasso_checkouts")
      .set({ nonce: "x".repeat(checkout.nonce.length) })
      .where("id", "=", checkout.id)
      .execute();
    await hello.fake.pay(intentId);
    expect(await confirmCheckout(checkout.id)).toBe("mismatch");
    await expectNothingPaid(file.id);
  });

  it("another file's checkout pointed at a paid intent: a mismatch, nothing for that file", async () => {
    const paid = await fileWithCheckout();
    await hello.fake.pay(paid.intentId);
    expect(await confirmCheckout(paid.checkout.id)).toBe("paid");
    const other = await fileWithCheckout();
    const db = getDb();
    await db
      .updateTable("helloasso_checkouts")
      .set({ intent_id: `${paid.intentId}-moved` })
      .where("id", "=", paid.checkout.id)
      .execute();
    await db
      .updateTable("helloasso_checkouts")
      .set({ intent_id: String(paid.intentId) })
      .where("id", "=", other.checkout.id)
      .execute();
    expect(await confirmCheckout(other.checkout.id)).toBe("mismatch");
    await expectNothingPaid(other.file.id);
  });

  it("a notification from outside the allowlist: 403, nothing stored", async () => {
    const { intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    const stored = (await inbox()).length;
    const reception = await receiveNotification({
      body: orderNotification(hello.fake, order),
      ip: "10.0.0.9",
      signature: null,
    });
    expect(reception).toEqual({ status: 403, inboxId: null });
    expect(await inbox()).toHaveLength(stored);
    // The IPv4-mapped form of an allowed address is the same address.
    const mapped = await receiveNotification({
      body: orderNotification(hello.fake, order),
      ip: "::ffff:127.0.0.1",
      signature: null,
    });
    expect(mapped.status).toBe(200);
  });

  it("with a signature key: a wrong x-ha-signature 403, none 403, the right one 200", async () => {
    await hello.writeSettings({ signatureKey: "cle-de-signature" });
    const { file, intentId } = await fileWithCheckout();
    const order = await hello.fake.pay(intentId);
    const body = orderNotification(hello.fake, order);
    const right = createHmac("sha256", "cle-de-signature").update(body).digest("hex");
    const wrong = createHmac("sha256", "autre-cle").update(body).digest("hex");
    const stored = (await inbox()).length;
    expect((await deliver(body, { signature: wrong })).status).toBe(403);
    expect((await deliver(body, { signature: null })).status).toBe(403);
    expect((await deliver(body, { signature: "zz" })).status).toBe(403);
    expect(await inbox()).toHaveLength(stored);
    expect((await fileState(file.id)).card).toHaveLength(0);
    expect((await deliver(body, { signature: right.toUpperCase() })).status).toBe(200);
    expect((await inbox()).at(-1)).toMatchObject({ signature_ok: 1, outcome: "paid" });
    expect((await fileState(file.id)).card).toHaveLength(1);
  });

  it("the fake's own signed notifications are taken in", async () => {
    await hello.writeSettings({ signatureKey: "cle-de-signature" });
    hello.sendNotificationsHere();
    hello.fake.configure({ signatureKey: "cle-de-signature" });
    const { file, intentId } = await fileWithCheckout();
    await hello.fake.pay(intentId);
    expect(hello.fake.notifications.at(-1)!.status).toBe(200);
    expect((await fileState(file.id)).card).toHaveLength(1);
  });

  it("a body over 64 KB: 413, nothing stored; card payment off: 404", async () => {
    const stored = (await inbox()).length;
    const big = JSON.stringify({ eventType: "Order", data: { note: "x".repeat(70_000) } });
    expect(await receiveNotification({ body: big, ip: "127.0.0.1", signature: null })).toEqual({
      status: 413,
      inboxId: null,
    });
    await getDb().updateTable("helloasso_settings").set({ enabled: 0 }).execute();
    expect(
      await receiveNotification({
        body: '{"eventType":"Order"}',
        ip: "127.0.0.1",
        signature: null,
      }),
    ).toEqual({ status: 404, inboxId: null });
    expect(await inbox()).toHaveLength(stored);
  });

  it("a notification naming no intent, or an unknown one: stored, processed, nothing recorded", async () => {
    const none = await receiveNotification({
      body: '{"eventType":"Form"}',
      ip: "127.0.0.1",
      signature: null,
    });
    await processNotification(none.inboxId!);
    const unknown = await receiveNotification({
      body: JSON.stringify({ eventType: "Order", data: { checkoutIntentId: 424242 } }),
      ip: "127.0.0.1",
      signature: null,
    });
    await processNotification(unknown.inboxId!);
    const rows = await inbox();
    expect(rows.slice(-2).map((r) => r.outcome)).toEqual(["paiement inconnu", "paiement inconnu"]);
  });
});
