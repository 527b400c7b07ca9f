import { createHmac, timingSafeEqual } from "node:crypto";
import type { IsoDate } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { childName } from "~/domains/trials/trial-mails.server";
import { getFormSecret } from "~/core/env.server";
import { BOOKED_SESSION_COLUMNS, bookedSession, type TrialStatus } from "./trial-sessions.server";

/*
 * The confirmation page names the person, the e-mail used and the session, without
 * putting any of them in its URL: the booking's redirect carries a receipt reference,
 * "<id>.<expiry>.<signature>", signed with the site's form key (DATA_DIR/form-secret) and
 * good for RECEIPT_HOURS. Only the browser that booked has it (the page is private,
 * no-store); after it expires the page still shows the session, and the mail has the rest.
 */

export const RECEIPT_HOURS = 24;

function signature(payload: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`essai-confirmation:${payload}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The reference of a booking's confirmation page, made at `now`. */
export function receiptRef(bookingId: number, now = new Date(), secret = getFormSecret()) {
  const expires = Math.floor(now.getTime() / 1000) + RECEIPT_HOURS * 3600;
  const payload = `${bookingId}.${expires}`;
  return `${payload}.${signature(payload, secret)}`;
}

/** The booking id of a reference that is well signed and not expired, else null. */
export function readReceiptRef(
  ref: string | null,
  now = new Date(),
  secret = getFormSecret(),
): number | null {
  const match = /^(\d{1,9})\.(\d{1,12})\.([\w-]{22})$/.exec(ref ?? "");
  if (!match) return null;
  const [, id, expires, given] = match;
  const expected = Buffer.from(signature(`${id}.${expires}`, secret));
  if (!timingSafeEqual(Buffer.from(given!), expected)) return null;
  return Number(expires) * 1000 > now.getTime() ? Number(id) : null;
}

/** What the confirmation page tells of a booking. */
export interface TrialReceipt {
  status: TrialStatus;
  /** The one the trial is for: the child's name, or the adult's. */
  personName: string;
  forChild: boolean;
  email: string;
  title: string;
  onDate: IsoDate;
  onStart: string;
  onEnd: string;
}

/** The booking of a valid reference, its session as it stands now; null otherwise. */
export async function getTrialReceipt(ref: string | null, now = new Date()) {
  const id = readReceiptRef(ref, now);
  if (id === null) return null;
  const row = await getDb()
    .selectFrom("trial_bookings")
    .leftJoin("schedule_activities", "schedule_activities.id", "trial_bookings.activity_id")
    .select([
      "trial_bookings.status",
      "trial_bookings.first_name",
      "trial_bookings.last_name",
      "trial_bookings.email",
      "trial_bookings.child_first_name",
      "trial_bookings.child_last_name",
      ...BOOKED_SESSION_COLUMNS,
    ])
    .where("trial_bookings.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const session = await bookedSession(row);
  const child = childName({
    childFirstName: row.child_first_name,
    childLastName: row.child_last_name ?? "",
  });
  const receipt: TrialReceipt = {
    status: row.status as TrialStatus,
    personName: child ?? `${row.first_name} ${row.last_name}`.trim(),
    forChild: child !== null,
    email: row.email,
    title: session.title,
    onDate: session.onDate,
    onStart: session.onStart,
    onEnd: session.onEnd,
  };
  return receipt;
}
