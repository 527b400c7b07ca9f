import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMartinFile } from "../../../../tests/membership-files";
import {
  fileState,
  journalOf,
  LINKS,
  orderNotification,
  withFakeHelloAsso,
} from "../../../../tests/helloasso/setup";
import { startCheckout } from "./checkout.server";
import { receiveNotification } from "./notifications.server";
import { reconcileCheckouts } from "./reconcile.server";

/*
 * The hourly reconciliation: the family who paid and never came back, a checkout
 * left open two days, a notification stored but never processed.
 */

const hello = withFakeHelloAsso();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function fileWithCheckout(now: Date) {
  const made = await createMartinFile();
  await startCheckout(made.file.id, { links: LINKS, now });
  const checkout = (await fileState(made.file.id)).checkouts.at(-1)!;
  return { ...made, checkout, intentId: Number(checkout.intent_id) };
}

describe("reconcileCheckouts", () => {
  it("pays a checkout whose return never came, closes one older than 48 h, leaves a recent unpaid one", async () => {
    const now = new Date();
    const paid = await fileWithCheckout(new Date(now.getTime() - 20 * MINUTE));
    await hello.fake.pay(paid.intentId);
    const old = await fileWithCheckout(new Date(now.getTime() - 49 * HOUR));
    const recent = await fileWithCheckout(new Date(now.getTime() - 2 * HOUR));
    // Made a minute ago: the family may still be on HelloAsso's page; not read yet.
    const fresh = await fileWithCheckout(new Date(now.getTime() - MINUTE));
    await hello.fake.pay(fresh.intentId);

    expect(await reconcileCheckouts({ now })).toEqual({ paid: 1, closed: 1, followed: 0 });

    const paidState = await fileState(paid.file.id);
    expect(paidState.card.map((p) => [p.amount_cents, p.status])).toEqual([[23000, "received"]]);
    expect(paidState.paidAt).toBe(now.toISOString());
    expect(paidState.checkouts[0]).toMatchObject({ state: "paid", open_key: null });
    expect(await journalOf(paid.file.id)).toHaveLength(1);

    const oldState = await fileState(old.file.id);
    expect(oldState.checkouts[0]).toMatchObject({ state: "abandoned", open_key: null });
    expect(oldState.card).toHaveLength(0);

    expect((await fileState(recent.file.id)).checkouts[0]).toMatchObject({ state: "pending" });
    expect((await fileState(fresh.file.id)).card).toHaveLength(0);

    // An hour later: nothing more for the paid one, the fresh one recorded.
    expect(await reconcileCheckouts({ now: new Date(now.getTime() + HOUR) })).toEqual({
      paid: 1,
      closed: 0,
      followed: 0,
    });
    expect((await fileState(paid.file.id)).card).toHaveLength(1);
    expect((await fileState(fresh.file.id)).card).toHaveLength(1);
  });

  it("processes a stored notification never processed", async () => {
    const now = new Date();
    const { file, checkout, intentId } = await fileWithCheckout(now);
    const order = await hello.fake.pay(intentId);
    // Received while the server stopped before processing it.
    const reception = await receiveNotification({
      body: orderNotification(hello.fake, order),
      ip: "127.0.0.1",
      signature: null,
      now: new Date(now.getTime() + MINUTE),
    });
    expect(reception.status).toBe(200);
    // The checkout itself is too young to be read: the notification does it.
    await reconcileCheckouts({ now: new Date(now.getTime() + 3 * MINUTE) });
    const state = await fileState(file.id);
    expect(state.card).toHaveLength(1);
    expect(state.checkouts[0]).toMatchObject({ id: checkout.id, state: "paid" });
    const row = await getDb()
      .selectFrom("webhook_inbox")
      .selectAll()
      .where("id", "=", reception.inboxId!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: "paid" });
    expect(row.processed_at).not.toBeNull();
  });

  it("HelloAsso unreachable: nothing closed, the notification kept for the next hour", async () => {
    const now = new Date();
    const { file, intentId } = await fileWithCheckout(new Date(now.getTime() - 49 * HOUR));
    const order = await hello.fake.pay(intentId);
    const reception = await receiveNotification({
      body: orderNotification(hello.fake, order),
      ip: "127.0.0.1",
      signature: null,
      now: new Date(now.getTime() - 10 * MINUTE),
    });
    hello.pointAt("http://127.0.0.1:9");
    expect(await reconcileCheckouts({ now })).toEqual({ paid: 0, closed: 0, followed: 0 });
    let state = await fileState(file.id);
    expect(state.open).toHaveLength(1);
    expect(state.checkouts[0]!.last_error).toContain("HelloAsso ne répond pas");
    const row = await getDb()
      .selectFrom("webhook_inbox")
      .select("processed_at")
      .where("id", "=", reception.inboxId!)
      .executeTakeFirstOrThrow();
    expect(row.processed_at).toBeNull();

    hello.pointAt(hello.fake.url);
    expect(await reconcileCheckouts({ now: new Date(now.getTime() + HOUR) })).toEqual({
      paid: 0,
      closed: 0,
      followed: 0,
    });
    state = await fileState(file.id);
    expect(state.card).toHaveLength(1);
    expect(state.checkouts[0]).toMatchObject({ state: "paid" });
  });
});
