import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMartinFile } from "../../../../tests/membership-files";
import {
  deliver,
  fileState,
  journalOf,
  LINKS,
  withFakeHelloAsso,
} from "../../../../tests/helloasso/setup";
import { startCheckout } from "./checkout.server";
import { confirmCheckout } from "./confirm.server";
import { reconcileCheckouts } from "./reconcile.server";

/*
 * What happens after the first payment, with HelloAsso's notifications in the shapes
 * HelloAsso publishes (tests/helloasso/documented/): a « Payment » for each instalment
 * taken, refunded or disputed, which names the order and carries our metadata, never the
 * checkout intent. And the hourly reconciliation when a notification never comes.
 */

const hello = withFakeHelloAsso();
const HOUR = 3_600_000;

/** The Martin file (230 €) with a checkout in 3 made: its order not made yet. */
async function fileInThree() {
  await hello.writeSettings({ instalments: true });
  const made = await createMartinFile();
  await startCheckout(made.file.id, { links: LINKS, instalments: 3 });
  const checkout = (await fileState(made.file.id)).checkouts.at(-1)!;
  return { ...made, checkout, intentId: Number(checkout.intent_id) };
}

const statuses = async (fileId: number) =>
  (await fileState(fileId)).card.map((p) => [p.amount_cents, p.status]);

function inbox() {
  return getDb().selectFrom("webhook_inbox").selectAll().orderBy("id").execute();
}

describe("a card payment in 3 instalments, told by HelloAsso's Payment notifications", () => {
  it("instalments 2 and 3 taken: received, the file paid with the last; then a refund shows", async () => {
    hello.sendNotificationsHere();
    const { file, intentId } = await fileInThree();
    const order = await hello.fake.pay(intentId);
    expect(await statuses(file.id)).toEqual([
      [7800, "received"],
      [7600, "expected"],
      [7600, "expected"],
    ]);
    expect((await fileState(file.id)).paidAt).toBeNull();

    await hello.fake.setPaymentState(order.id, 2, "Authorized");
    expect(JSON.parse(hello.fake.notifications.at(-1)!.body)).not.toHaveProperty(
      "data.order.checkoutIntentId",
    );
    expect(hello.fake.notifications.at(-1)!.status).toBe(200);
    expect((await fileState(file.id)).paidAt).toBeNull();
    await hello.fake.setPaymentState(order.id, 3, "Authorized");
    let state = await fileState(file.id);
    expect(state.card.map((p) => p.status)).toEqual(["received", "received", "received"]);
    expect(state.paidAt).not.toBeNull();
    expect((await inbox()).slice(-2).map((row) => row.outcome)).toEqual(["paid", "paid"]);

    await hello.fake.refund(order.id);
    state = await fileState(file.id);
    expect(state.card.map((p) => p.status)).toEqual(["refunded", "refunded", "refunded"]);
    expect(state.paidAt).toBeNull();
    const journal = await journalOf(file.id);
    expect(journal.map((row) => row.item_label).slice(-3)).toEqual([
      expect.stringMatching(/78\s€ par carte remboursés \(HelloAsso, commande \d+, échéance 1\)/),
      expect.stringMatching(/76\s€ par carte remboursés \(HelloAsso, commande \d+, échéance 2\)/),
      expect.stringMatching(/76\s€ par carte remboursés \(HelloAsso, commande \d+, échéance 3\)/),
    ]);
  });

  it("a Payment notification alone records the first payment; with no metadata, its order id finds the checkout", async () => {
    const { file, intentId } = await fileInThree();
    const order = await hello.fake.pay(intentId);
    await deliver(hello.fake.paymentNotification(order.id, 1));
    expect(await statuses(file.id)).toEqual([
      [7800, "received"],
      [7600, "expected"],
      [7600, "expected"],
    ]);
    order.payments[1]!.state = "Authorized";
    const body = JSON.parse(hello.fake.paymentNotification(order.id, 2)) as Record<string, unknown>;
    delete body.metadata;
    await deliver(JSON.stringify(body));
    expect((await statuses(file.id))[1]).toEqual([7600, "received"]);
  });

  it("an instalment HelloAsso could not take: the amount is due again, the file not paid", async () => {
    hello.sendNotificationsHere();
    const { file, intentId } = await fileInThree();
    const order = await hello.fake.pay(intentId);
    await hello.fake.setPaymentState(order.id, 2, "Refused");
    await hello.fake.setPaymentState(order.id, 3, "Authorized");
    expect(await statuses(file.id)).toEqual([
      [7800, "received"],
      [7600, "cancelled"],
      [7600, "received"],
    ]);
    expect((await fileState(file.id)).paidAt).toBeNull();
  });

  it("every documented null in HelloAsso's answers: the same payments recorded", async () => {
    hello.sendNotificationsHere();
    hello.fake.configure({ documentedNulls: true });
    const { file, intentId } = await fileInThree();
    const order = await hello.fake.pay(intentId);
    await hello.fake.setPaymentState(order.id, 2, "Authorized");
    expect(await statuses(file.id)).toEqual([
      [7800, "received"],
      [7600, "received"],
      [7600, "expected"],
    ]);
  });
});

describe("3-D Secure and disputes", () => {
  it("WaitingAuthentication is pending: nothing paid, the cheques still expected, until the bank says yes", async () => {
    hello.sendNotificationsHere();
    const made = await createMartinFile();
    await startCheckout(made.file.id, { links: LINKS });
    const checkout = (await fileState(made.file.id)).checkouts.at(-1)!;
    const order = await hello.fake.pay(Number(checkout.intent_id), {
      firstState: "WaitingAuthentication",
    });
    let state = await fileState(made.file.id);
    expect(state.card.map((p) => p.status)).toEqual(["expected"]);
    expect(state.checkouts[0]!.state).not.toBe("refused");
    expect(state.paidAt).toBeNull();
    expect(state.payments.filter((p) => p.method === "cheque").map((p) => p.status)).toEqual([
      "expected",
      "expected",
      "expected",
    ]);
    expect(await confirmCheckout(checkout.id)).toBe("pending");

    await hello.fake.setPaymentState(order.id, 1, "Authorized");
    state = await fileState(made.file.id);
    expect(state.card.map((p) => p.status)).toEqual(["received"]);
    expect(state.paidAt).not.toBeNull();
    expect(state.payments.filter((p) => p.method === "cheque").map((p) => p.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
  });

  it("a disputed payment shows as contested to the treasurer, and is no longer money", async () => {
    hello.sendNotificationsHere();
    hello.fake.configure({ documentedNulls: true });
    const made = await createMartinFile();
    await startCheckout(made.file.id, { links: LINKS });
    const checkout = (await fileState(made.file.id)).checkouts.at(-1)!;
    const order = await hello.fake.pay(Number(checkout.intent_id));
    expect((await fileState(made.file.id)).paidAt).not.toBeNull();
    await hello.fake.setPaymentState(order.id, 1, "Contested");
    const state = await fileState(made.file.id);
    expect(state.card.map((p) => p.status)).toEqual(["contested"]);
    expect(state.paidAt).toBeNull();
    expect((await journalOf(made.file.id)).at(-1)!.item_label).toMatch(
      /230\s€ par carte contestés \(HelloAsso, commande \d+\)/,
    );
  });
});

describe("the hourly reconciliation follows the instalments", () => {
  it("reads a paid checkout again while an instalment is expected, for 13 months at most", async () => {
    const { file, checkout, intentId } = await fileInThree();
    const order = await hello.fake.pay(intentId);
    expect(await confirmCheckout(checkout.id)).toBe("paid");
    // HelloAsso takes instalment 2; its notification never arrives.
    await hello.fake.setPaymentState(order.id, 2, "Authorized");
    const checkedAt = async () =>
      (await fileState(file.id)).checkouts.find((one) => one.id === checkout.id)!.checked_at;
    const now = new Date(Date.now() + 30 * 24 * HOUR);
    expect((await reconcileCheckouts({ now })).followed).toBeGreaterThanOrEqual(1);
    expect((await statuses(file.id))[1]).toEqual([7600, "received"]);
    expect(await checkedAt()).toBe(now.toISOString());

    // 13 months on, it is no longer read.
    await hello.fake.setPaymentState(order.id, 3, "Authorized");
    const late = new Date(Date.now() + 400 * 24 * HOUR);
    expect(await reconcileCheckouts({ now: late })).toMatchObject({ followed: 0 });
    expect((await statuses(file.id))[2]).toEqual([7600, "expected"]);

    const next = new Date(now.getTime() + HOUR);
    await reconcileCheckouts({ now: next });
    expect((await statuses(file.id))[2]).toEqual([7600, "received"]);
    expect((await fileState(file.id)).paidAt).not.toBeNull();
    // Every instalment taken: no longer read.
    await reconcileCheckouts({ now: new Date(next.getTime() + HOUR) });
    expect(await checkedAt()).toBe(next.toISOString());
  });
});
