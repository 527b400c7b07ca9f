import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_RETENTION_DAYS } from "~/domains/membership/membership-retention";
import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { helloAssoConfig } from "./config.server";
import { confirmCheckout } from "./confirm.server";

/*
 * HelloAsso's notifications (dev.helloasso.com « Notifications », « Sécuriser »):
 * taken in only from the allowed source addresses and, when a key is set, with a right
 * x-ha-signature (hex HMAC-SHA256 of the raw body); stored raw in webhook_inbox (a body
 * already received is dropped) and answered at once. Processing then only says which
 * checkout to read back from the API (confirmCheckout): a notification's content is
 * never believed, so a forged or replayed one changes nothing.
 */

/** The largest body taken in (an order with its items is a few KB). */
export const NOTIFICATION_MAX_BYTES = 64 * 1024;

export type Reception = { status: 200 | 403 | 404 | 413; inboxId: number | null };

function signatureMatches(body: string, signature: string, key: string): boolean {
  const expected = createHmac("sha256", key).update(body).digest();
  const given = Buffer.from(signature.trim().toLowerCase(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Checks and stores a notification; its id when it is new (to process), null for a replay. */
export async function receiveNotification({
  body,
  ip,
  signature,
  now = new Date(),
}: {
  body: string;
  ip: string;
  signature: string | null;
  now?: Date;
}): Promise<Reception> {
  const config = await helloAssoConfig();
  if (!config) return { status: 404, inboxId: null };
  if (Buffer.byteLength(body) > NOTIFICATION_MAX_BYTES) return { status: 413, inboxId: null };
  if (!config.allowlist.includes(ip.replace(/^::ffff:/, ""))) return { status: 403, inboxId: null };
  if (config.signatureKey && !signatureMatches(body, signature ?? "", config.signatureKey)) {
    return { status: 403, inboxId: null };
  }
  const row = await getDb()
    .insertInto("webhook_inbox")
    .values({
      provider: "helloasso",
      body_hash: createHash("sha256").update(body).digest("hex"),
      body,
      source_ip: ip,
      signature_ok: config.signatureKey ? 1 : null,
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("body_hash").doNothing())
    .returning("id")
    .executeTakeFirst();
  return { status: 200, inboxId: row?.id ?? null };
}

/*
 * What HelloAsso sends (docs/decisions/028-helloasso-notifications.md): `{eventType, data,
 * metadata}`, the checkout's metadata at the root. An « Order » has the order in `data`
 * (with `checkoutIntentId`); a « Payment » has the payment in `data` and its order's id in
 * `data.order.id`, with no checkout intent id. Each only says which checkout to read back.
 */
type Notification = {
  eventType?: unknown;
  metadata?: { checkout?: unknown } | null;
  data?: { id?: unknown; checkoutIntentId?: unknown; order?: { id?: unknown } | null } | null;
};

function idOf(value: unknown): string | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value);
  return typeof value === "string" && /^[1-9]\d{0,15}$/.test(value) ? value : null;
}

/** Our checkout a notification is about: by its metadata, else by the order or intent known. */
async function checkoutOf(body: string): Promise<number | null> {
  const parsed = parseJson<Notification | null>(body, null);
  const data = parsed?.data ?? null;
  const byOrder = parsed?.eventType === "Order" ? data?.id : data?.order?.id;
  const checkoutId = idOf(parsed?.metadata?.checkout);
  const orderId = idOf(byOrder);
  const intentId = idOf(data?.checkoutIntentId);
  const query = getDb().selectFrom("helloasso_checkouts").select("id");
  for (const candidate of [
    checkoutId && query.where("id", "=", Number(checkoutId)),
    orderId && query.where("order_id", "=", orderId),
    intentId && query.where("intent_id", "=", intentId),
  ]) {
    const row = candidate ? await candidate.executeTakeFirst() : undefined;
    if (row) return row.id;
  }
  return null;
}

/** Reads back the checkout a stored notification is about; records what the API says. */
export async function processNotification(id: number, { now = new Date() }: { now?: Date } = {}) {
  const db = getDb();
  const row = await db
    .selectFrom("webhook_inbox")
    .select(["body", "processed_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.processed_at) return;
  const checkout = await checkoutOf(row.body);
  const outcome = checkout === null ? "paiement inconnu" : await confirmCheckout(checkout, { now });
  if (outcome === "unreachable") return; // read again by the hourly job
  await db
    .updateTable("webhook_inbox")
    .set({ processed_at: now.toISOString(), outcome })
    .where("id", "=", id)
    .execute();
}

/** Notifications not processed yet (a restart, HelloAsso unreachable), oldest first. */
export async function pendingNotifications(before: Date) {
  const rows = await getDb()
    .selectFrom("webhook_inbox")
    .select("id")
    .where("processed_at", "is", null)
    .where("received_at", "<=", before.toISOString())
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Notifications hold the payer's name and e-mail: deleted after their time. */
export async function purgeOldNotifications({ now = new Date() }: { now?: Date } = {}) {
  const limit = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000).toISOString();
  const deleted = await getDb()
    .deleteFrom("webhook_inbox")
    .where("received_at", "<", limit)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
