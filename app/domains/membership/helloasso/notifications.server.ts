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

type Notification = {
  eventType?: unknown;
  data?: { checkoutIntentId?: unknown; order?: { checkoutIntentId?: unknown } };
};

/** The checkout intent a notification is about, if it names one. */
function intentOf(body: string): string | null {
  const parsed = parseJson<Notification | null>(body, null);
  const id = parsed?.data?.checkoutIntentId ?? parsed?.data?.order?.checkoutIntentId;
  return typeof id === "number" || (typeof id === "string" && /^\d+$/.test(id)) ? String(id) : null;
}

/** Reads back the checkout a stored notification names; records what the API says. */
export async function processNotification(id: number, { now = new Date() }: { now?: Date } = {}) {
  const db = getDb();
  const row = await db
    .selectFrom("webhook_inbox")
    .select(["body", "processed_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.processed_at) return;
  const intent = intentOf(row.body);
  const checkout = intent
    ? await db
        .selectFrom("helloasso_checkouts")
        .select("id")
        .where("intent_id", "=", intent)
        .executeTakeFirst()
    : undefined;
  const outcome = !intent
    ? "sans intention de paiement"
    : !checkout
      ? "intention de paiement inconnue"
      : await confirmCheckout(checkout.id, { now });
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
