/*
 * What a membership file owes and has received, and its `paid_at`
 * (docs/decisions/024-membership.md): the desk's acts set it through here, every other
 * part only reads paid_at.
 *
 * - A registration owes club + licence − household reduction − Pass'Sport − manual
 *   reduction; a file owes the sum over its "active" registrations (a waiting one owes
 *   nothing until a place is given).
 * - Received: the payments "received" or "deposited". A member's amount paid: the sum of
 *   their allocations on those payments. A cheque "rejected" by the bank, like one
 *   "cancelled", is not received: its amount is owed again.
 * - paid_at is set (once, at the moment it became covered) when something is owed and
 *   the received money covers it, and cleared when it no longer does (a cancelled
 *   payment, a rejected cheque, a place given from the waiting list).
 */
import { getDb } from "~/db/client.server";

export const RECEIVED_STATUSES = ["received", "deposited"] as const;

export type OwedParts = {
  club_cents: number;
  licence_cents: number;
  household_discount_cents: number;
  pass_sport_cents: number;
  manual_discount_cents: number;
};

/** OwedParts as the columns of `registrations as r`. */
export const OWED_COLUMNS = [
  "r.club_cents",
  "r.licence_cents",
  "r.household_discount_cents",
  "r.pass_sport_cents",
  "r.manual_discount_cents",
] as const;

/** What one registration owes, in cents. */
export function registrationOwed(row: OwedParts): number {
  return (
    row.club_cents +
    row.licence_cents -
    row.household_discount_cents -
    row.pass_sport_cents -
    row.manual_discount_cents
  );
}

export type MemberBalance = {
  registrationId: number;
  status: string;
  owedCents: number;
  paidCents: number;
};

export type FileBalance = {
  fileId: number;
  owedCents: number;
  receivedCents: number;
  /** owed − received, never below zero. */
  dueCents: number;
  members: MemberBalance[];
};

/** The balance of one file, its members in rank order. */
export async function fileBalance(fileId: number): Promise<FileBalance> {
  const db = getDb();
  const registrations = await db
    .selectFrom("registrations as r")
    .select(["r.id", "r.status", ...OWED_COLUMNS])
    .where("r.file_id", "=", fileId)
    .orderBy("r.rank")
    .orderBy("r.id")
    .execute();
  const paid = await db
    .selectFrom("membership_allocations as a")
    .innerJoin("membership_payments as p", "p.id", "a.payment_id")
    .select(["a.registration_id", (eb) => eb.fn.sum<number | string>("a.amount_cents").as("cents")])
    .where("p.file_id", "=", fileId)
    .where("p.status", "in", RECEIVED_STATUSES)
    .groupBy("a.registration_id")
    .execute();
  const paidBy = new Map(paid.map((row) => [row.registration_id, Number(row.cents)]));
  const received = await db
    .selectFrom("membership_payments")
    .select((eb) => eb.fn.sum<number | string | null>("amount_cents").as("cents"))
    .where("file_id", "=", fileId)
    .where("status", "in", RECEIVED_STATUSES)
    .executeTakeFirst();
  const members = registrations.map((row) => ({
    registrationId: row.id,
    status: row.status,
    owedCents: row.status === "active" ? registrationOwed(row) : 0,
    paidCents: paidBy.get(row.id) ?? 0,
  }));
  const owedCents = members.reduce((sum, member) => sum + member.owedCents, 0);
  const receivedCents = Number(received?.cents ?? 0);
  return {
    fileId,
    owedCents,
    receivedCents,
    dueCents: Math.max(0, owedCents - receivedCents),
    members,
  };
}

/** Whether a balance counts as paid: something owed, and covered. */
export function isCovered(balance: Pick<FileBalance, "owedCents" | "receivedCents">): boolean {
  return balance.owedCents > 0 && balance.receivedCents >= balance.owedCents;
}

/**
 * Sets or clears the file's paid_at from its balance (in the caller's transaction): set to
 * `now` when it becomes covered, kept when it already was, cleared when it no longer is.
 * Returns the balance and paid_at as stored.
 */
export async function refreshPaidAt(
  fileId: number,
  { now = new Date() }: { now?: Date } = {},
): Promise<FileBalance & { paidAt: string | null }> {
  const balance = await fileBalance(fileId);
  const file = await getDb()
    .selectFrom("membership_files")
    .select("paid_at")
    .where("id", "=", fileId)
    .executeTakeFirstOrThrow();
  const covered = isCovered(balance);
  let paidAt = file.paid_at;
  if (covered && !paidAt) paidAt = now.toISOString();
  if (!covered) paidAt = null;
  if (paidAt !== file.paid_at) {
    await getDb()
      .updateTable("membership_files")
      .set({ paid_at: paidAt, updated_at: now.toISOString() })
      .where("id", "=", fileId)
      .execute();
  }
  return { ...balance, paidAt };
}
