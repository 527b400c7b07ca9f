import { timingSafeEqual } from "node:crypto";
import { formatEuros } from "~/core/money";
import { getDb, inTransaction } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { logActivity } from "~/domains/history/index.server";
import { SERVER_ACTOR } from "~/domains/history";
import { fileBalance, refreshPaidAt } from "~/domains/membership/file-balance.server";
import { cumulativeShares } from "~/domains/membership/submit.server";
import {
  getCheckoutIntent,
  getOrder,
  HelloAssoError,
  type HelloAssoOrder,
  type HelloAssoPayment,
} from "./api.server";
import { helloAssoConfig, type HelloAssoConfig } from "./config.server";

/*
 * The one way a card payment is recorded: the checkout intent read back from
 * HelloAsso's API by the server, whoever asks (the family's return, a notification, the
 * hourly reconciliation). Three checks before anything is written: our nonce and
 * checkout id in the intent's metadata, the order's total equal to the amount asked, a
 * payment in an accepted state. Nothing the browser or a notification says is used.
 * Each HelloAsso payment becomes one of our payments once (external_id, unique); read
 * again, it only moves its state (a refund, a cancelled instalment).
 */

export type Outcome = "paid" | "pending" | "refused" | "abandoned" | "mismatch" | "unreachable";

/** Our payment statuses a HelloAsso payment can take. */
type CardStatus = "received" | "expected" | "refunded" | "cancelled" | "contested";

/**
 * HelloAsso's payment states (Enums.PaymentState in its OpenAPI text) as ours. A payment
 * still to be taken or confirmed is expected: a later instalment (Pending), the bank's
 * answer, or the payer's 3-D Secure step (WaitingAuthentication). A chargeback (Contested)
 * is the treasurer's to follow. The rest (Refused, Canceled, Error, Abandoned…) is not money.
 */
function statusOf(state: string, sandbox: boolean): CardStatus {
  if (state === "Authorized" || (sandbox && state === "AuthorizedPreprod")) return "received";
  if (state === "Refunded" || state === "Refunding") return "refunded";
  if (state === "Contested") return "contested";
  if (
    [
      "Pending",
      "Waiting",
      "WaitingBankValidation",
      "WaitingBankWithdraw",
      "WaitingAuthentication",
      "Init",
    ].includes(state)
  ) {
    return "expected";
  }
  return "cancelled";
}

/** The journal's word for a card payment that stopped being money. */
const CHANGED_WORDS = { refunded: "remboursés", cancelled: "annulés", contested: "contestés" };

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function readCheckout(id: number) {
  return getDb()
    .selectFrom("helloasso_checkouts")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
}

type Checkout = NonNullable<Awaited<ReturnType<typeof readCheckout>>>;

async function note(id: number, now: Date, error = "") {
  await getDb()
    .updateTable("helloasso_checkouts")
    .set({ checked_at: now.toISOString(), ...(error ? { last_error: error } : {}) })
    .where("id", "=", id)
    .execute();
}

/** The order's payments as our payments of the file, in one transaction. */
async function record(
  checkout: Checkout,
  order: HelloAssoOrder,
  sandbox: boolean,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const payments = [...order.payments].sort(
    (a, b) => (a.installmentNumber ?? 0) - (b.installmentNumber ?? 0),
  );
  return inTransaction(async () => {
    const db = getDb();
    const known = await db
      .selectFrom("membership_payments")
      .select(["id", "external_id", "status"])
      .where(
        "external_id",
        "in",
        payments.map((p) => `helloasso:${p.id}`),
      )
      .execute();
    const byExternal = new Map(known.map((row) => [row.external_id, row]));
    const fresh = payments.filter((p) => !byExternal.has(`helloasso:${p.id}`));
    const paid = payments.some((p) => statusOf(p.state, sandbox) === "received");
    let changed = false;
    if (paid && checkout.state !== "paid") {
      // The promises the card replaces (cheques not handed over, the card expected), once
      // HelloAsso has the money: a refused card replaces nothing.
      await db
        .updateTable("membership_payments")
        .set({ status: "cancelled", updated_at: stamp })
        .where("file_id", "=", checkout.file_id)
        .where("status", "=", "expected")
        .where("external_id", "is", null)
        .execute();
    }
    if (fresh.length > 0) {
      const { members } = await fileBalance(checkout.file_id);
      const shares = cumulativeShares(members.map((m) => Math.max(0, m.owedCents - m.paidCents)));
      for (const payment of fresh) {
        await insertPayment(checkout, order, payment, statusOf(payment.state, sandbox), stamp, {
          parts: shares.next(payment.amount),
          registrations: members.map((m) => m.registrationId),
        });
      }
      changed = true;
    }
    const moved: { payment: HelloAssoPayment; status: CardStatus }[] = [];
    for (const payment of payments) {
      const row = byExternal.get(`helloasso:${payment.id}`);
      const status = statusOf(payment.state, sandbox);
      if (!row || row.status === status) continue;
      moved.push({ payment, status });
      await db
        .updateTable("membership_payments")
        .set({
          status,
          updated_at: stamp,
          ...(status === "received" ? { received_at: stamp } : {}),
        })
        .where("id", "=", row.id)
        .execute();
      changed = true;
    }
    await db
      .updateTable("helloasso_checkouts")
      .set({
        order_id: order.id,
        checked_at: stamp,
        ...(checkout.state !== "paid" && paid
          ? { state: "paid", open_key: null, closed_at: stamp, last_error: "" }
          : {}),
      })
      .where("id", "=", checkout.id)
      .execute();
    if (changed) await refreshPaidAt(checkout.file_id, { now });
    // The journal: the order when first paid, then each instalment taken, refunded or cancelled.
    const entries: { action: "payment.received" | "cancel"; text: string }[] = [];
    if (fresh.length > 0 && paid) {
      entries.push({
        action: "payment.received",
        text: `${formatEuros(order.amount.total)} par carte (HelloAsso, commande ${order.id})`,
      });
    }
    for (const { payment, status } of moved) {
      const amount = `${formatEuros(payment.amount)} par carte`;
      const where = `HelloAsso, commande ${order.id}${payments.length > 1 ? `, échéance ${payment.installmentNumber ?? ""}` : ""}`;
      if (status === "received") {
        entries.push({ action: "payment.received", text: `${amount} (${where})` });
      } else if (status !== "expected") {
        const word = CHANGED_WORDS[status];
        entries.push({ action: "cancel", text: `${amount} ${word} (${where})` });
      }
    }
    if (entries.length > 0) {
      const file = await db
        .selectFrom("membership_files")
        .select("reference")
        .where("id", "=", checkout.file_id)
        .executeTakeFirstOrThrow();
      for (const entry of entries) {
        await logActivity(
          SERVER_ACTOR,
          {
            action: entry.action,
            itemType: "membership",
            itemId: checkout.file_id,
            itemLabel: `${file.reference ?? ""} : ${entry.text}`,
          },
          { now },
        );
      }
    }
    return paid;
  });
}

async function insertPayment(
  checkout: Checkout,
  order: HelloAssoOrder,
  payment: HelloAssoPayment,
  status: CardStatus,
  stamp: string,
  { parts, registrations }: { parts: number[]; registrations: number[] },
) {
  const db = getDb();
  const row = await db
    .insertInto("membership_payments")
    .values({
      file_id: checkout.file_id,
      method: "card",
      amount_cents: payment.amount,
      status,
      due_month: status === "expected" && payment.date ? payment.date.slice(0, 7) : null,
      reference: `Commande HelloAsso ${order.id}${order.payments.length > 1 ? ` · échéance ${payment.installmentNumber ?? ""}` : ""}`,
      received_at: status === "received" ? stamp : null,
      received_by: "HelloAsso",
      external_id: `helloasso:${payment.id}`,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, cents] of parts.entries()) {
    if (cents === 0) continue;
    await db
      .insertInto("membership_allocations")
      .values({ payment_id: row.id, registration_id: registrations[i]!, amount_cents: cents })
      .execute();
  }
}

/**
 * The intent's order, once our checkout id and nonce are found in the intent's metadata;
 * null while nothing is ordered. Once an order is known, it is read by itself (GET /orders):
 * that is how its later instalments, refunds and disputes are followed.
 */
async function readIntent(
  checkout: Checkout,
  config: HelloAssoConfig,
): Promise<HelloAssoOrder | null | "mismatch"> {
  const intent = await getCheckoutIntent(config, checkout.intent_id!);
  const metadata = intent.metadata ?? {};
  if (
    intent.id !== checkout.intent_id ||
    String(metadata.checkout ?? "") !== String(checkout.id) ||
    !sameText(String(metadata.nonce ?? ""), checkout.nonce)
  ) {
    return "mismatch";
  }
  return intent.order ?? null;
}

/**
 * Reads a checkout back from HelloAsso and records what it shows, if it passes the checks.
 * Safe to call any number of times, from anywhere, at the same moment.
 */
export async function confirmCheckout(
  checkoutId: number,
  { now = new Date() }: { now?: Date } = {},
): Promise<Outcome> {
  const checkout = await readCheckout(checkoutId);
  const config = await helloAssoConfig();
  if (!checkout || !config) return "unreachable";
  if (!checkout.intent_id) return checkout.state === "failed" ? "abandoned" : "pending";
  let order: HelloAssoOrder | null | "mismatch";
  try {
    order = checkout.order_id
      ? await getOrder(config, checkout.order_id)
      : await readIntent(checkout, config);
  } catch (error) {
    await note(checkout.id, now, (error as Error).message.slice(0, 500));
    // HelloAsso does not know the intent (another organisation, the sandbox): nothing was paid on it.
    const unknown = error instanceof HelloAssoError && error.status === 404 && !checkout.order_id;
    return unknown ? "abandoned" : "unreachable";
  }
  if (order === "mismatch") {
    await note(checkout.id, now, "Intention de paiement : métadonnées inattendues.");
    return "mismatch";
  }
  if (!order) {
    await note(checkout.id, now);
    return checkout.state === "pending" ? "pending" : (checkout.state as Outcome);
  }
  const problem =
    checkout.order_id && order.id !== checkout.order_id
      ? `Commande ${order.id} lue à la place de la commande ${checkout.order_id}.`
      : order.checkoutIntentId != null && order.checkoutIntentId !== checkout.intent_id
        ? `Commande ${order.id} d'une autre intention de paiement.`
        : order.amount.total !== checkout.amount_cents
          ? `Commande ${order.id} de ${order.amount.total} centimes, ${checkout.amount_cents} attendus.`
          : null;
  if (problem) {
    await note(checkout.id, now, problem);
    return "mismatch";
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      const paid = await record(checkout, order, config.sandbox, now);
      if (paid) return "paid";
      const refused = order.payments.every(
        (p) => statusOf(p.state, config.sandbox) === "cancelled",
      );
      if (refused && checkout.state !== "paid") {
        await getDb()
          .updateTable("helloasso_checkouts")
          .set({ state: "refused", open_key: null, closed_at: now.toISOString() })
          .where("id", "=", checkout.id)
          .execute();
        return "refused";
      }
      return checkout.state === "paid" ? "paid" : "pending";
    } catch (error) {
      // The return and a notification recorded the same payment at the same moment: read again.
      if (attempt > 0 || !isUniqueViolation(error)) throw error;
    }
  }
}
