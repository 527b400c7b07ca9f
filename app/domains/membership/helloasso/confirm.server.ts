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
  HelloAssoError,
  type HelloAssoOrder,
  type HelloAssoPayment,
} from "./api.server";
import { helloAssoConfig } from "./config.server";

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

/** HelloAsso's payment states (EnumsPaymentState) as ours. */
function statusOf(
  state: string,
  sandbox: boolean,
): "received" | "expected" | "refunded" | "cancelled" {
  if (state === "Authorized" || (sandbox && state === "AuthorizedPreprod")) return "received";
  if (state === "Refunded" || state === "Refunding") return "refunded";
  if (
    ["Pending", "Waiting", "WaitingBankValidation", "WaitingBankWithdraw", "Init"].includes(state)
  ) {
    return "expected";
  }
  return "cancelled";
}

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
    const moved: { payment: HelloAssoPayment; status: ReturnType<typeof statusOf> }[] = [];
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
        const word = status === "refunded" ? "remboursés" : "annulés";
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
  status: ReturnType<typeof statusOf>,
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
  let intent;
  try {
    intent = await getCheckoutIntent(config, checkout.intent_id);
  } catch (error) {
    await note(checkout.id, now, (error as Error).message.slice(0, 500));
    // HelloAsso does not know the intent (another organisation, the sandbox): nothing was paid on it.
    return error instanceof HelloAssoError && error.status === 404 ? "abandoned" : "unreachable";
  }
  const metadata = intent.metadata ?? {};
  if (
    intent.id !== checkout.intent_id ||
    String(metadata.checkout ?? "") !== String(checkout.id) ||
    !sameText(String(metadata.nonce ?? ""), checkout.nonce)
  ) {
    await note(checkout.id, now, "Intention de paiement : métadonnées inattendues.");
    return "mismatch";
  }
  const order = intent.order;
  if (!order) {
    await note(checkout.id, now);
    return checkout.state === "pending" ? "pending" : (checkout.state as Outcome);
  }
  if (order.checkoutIntentId !== undefined && order.checkoutIntentId !== checkout.intent_id) {
    await note(checkout.id, now, `Commande ${order.id} d'une autre intention de paiement.`);
    return "mismatch";
  }
  if (order.amount.total !== checkout.amount_cents) {
    await note(
      checkout.id,
      now,
      `Commande ${order.id} de ${order.amount.total} centimes, ${checkout.amount_cents} attendus.`,
    );
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
