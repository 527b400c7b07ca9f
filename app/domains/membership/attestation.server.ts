/*
 * A member's payment attestation, as works councils ask: what was received for
 * that member this season, payment by payment. The amounts are the file page's
 * (file-balance.server.ts): what the member paid is the sum of their allocations on received
 * payments (rows "received" or "deposited", docs/decisions/024-membership.md), what they owe
 * is their share of the file. The number is the file's reference and the member's rank
 * (ADH-2026-042-1), kept in membership_attestations once issued, with the amount of its
 * last issue.
 */
import { getDb } from "~/db/client.server";
import { PAYMENT_METHODS, type PaymentMethod } from "./membership";
import { attestationClub, type AttestationClub } from "./attestation-club.server";
import { fileBalance, RECEIVED_STATUSES } from "./file-balance.server";

/** One payment received for the member: its date, its method, the member's part of it. */
export interface AttestationPayment {
  /** The stamp it was received (else recorded). */
  receivedAt: string;
  method: string;
  cents: number;
}

export interface AttestationFacts {
  number: string;
  registrationId: number;
  fileId: number;
  club: AttestationClub;
  season: { label: string; startsOn: string; endsOn: string };
  /** sex: "F", "M", or "" when it was never asked (a file begun from a trial). */
  member: { firstName: string; lastName: string; birthDate: string; sex: string };
  tariffLabel: string;
  /** Received for this member: the sum of `payments`. */
  paidCents: number;
  /** The member's share of the file; above paidCents, the payment is partial. */
  owedCents: number;
  payments: AttestationPayment[];
  /** The federation's licence within the amount paid (shown apart). */
  licenceCents: number;
  issuedAt: string;
}

/** The payments received for a member, oldest first, with the member's part of each. */
async function paymentsFor(registrationId: number): Promise<AttestationPayment[]> {
  const rows = await getDb()
    .selectFrom("membership_allocations as a")
    .innerJoin("membership_payments as p", "p.id", "a.payment_id")
    .select(["p.method", "p.received_at", "p.created_at", "a.amount_cents"])
    .where("a.registration_id", "=", registrationId)
    .where("p.status", "in", RECEIVED_STATUSES)
    .where("a.amount_cents", "!=", 0)
    .orderBy("p.received_at")
    .orderBy("p.id")
    .execute();
  return rows.map((row) => ({
    receivedAt: row.received_at ?? row.created_at,
    method: PAYMENT_METHODS[row.method as PaymentMethod] ?? row.method,
    cents: Number(row.amount_cents),
  }));
}

/** What a member paid this season: the sum of their allocations on received payments. */
export async function amountPaidFor(registrationId: number): Promise<number> {
  return sumOf(await paymentsFor(registrationId));
}

/** The member's share of the file, as its page shows it. */
async function owedBy(fileId: number, registrationId: number): Promise<number> {
  const { members } = await fileBalance(fileId);
  return members.find((member) => member.registrationId === registrationId)?.owedCents ?? 0;
}

const sumOf = (payments: readonly AttestationPayment[]) =>
  payments.reduce((sum, payment) => sum + payment.cents, 0);

/**
 * The attestation of a registration, its number issued on first use; null when nothing
 * is paid for that member (or the registration does not exist, or is not of `fileId`).
 */
export async function issueAttestation(
  registrationId: number,
  { now = new Date(), fileId }: { now?: Date; fileId?: number } = {},
): Promise<AttestationFacts | null> {
  const db = getDb();
  const row = await db
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("membership_files as f", "f.id", "r.file_id")
    .innerJoin("membership_seasons as s", "s.id", "r.season_id")
    .innerJoin("membership_tariffs as t", "t.id", "r.tariff_id")
    .select([
      "r.id",
      "r.rank",
      "r.licence_cents",
      "r.file_id",
      "f.reference",
      "m.first_name",
      "m.last_name",
      "m.birth_date",
      "m.sex",
      "s.label as season_label",
      "s.starts_on",
      "s.ends_on",
      "t.label as tariff_label",
    ])
    .where("r.id", "=", registrationId)
    .$if(fileId !== undefined, (qb) => qb.where("r.file_id", "=", fileId ?? 0))
    .executeTakeFirst();
  if (!row || !row.reference) return null;
  const payments = await paymentsFor(registrationId);
  const paidCents = sumOf(payments);
  if (paidCents <= 0) return null;
  const stamp = now.toISOString();
  // Issued once: the number stays; a later payment updates the amount it attests.
  await db
    .insertInto("membership_attestations")
    .values({
      registration_id: registrationId,
      number: `${row.reference}-${row.rank}`,
      amount_cents: paidCents,
      issued_at: stamp,
    })
    .onConflict((oc) => oc.column("registration_id").doUpdateSet({ amount_cents: paidCents }))
    .execute();
  const attestation = await db
    .selectFrom("membership_attestations")
    .select(["number", "issued_at"])
    .where("registration_id", "=", registrationId)
    .executeTakeFirstOrThrow();
  return {
    number: attestation.number,
    registrationId,
    fileId: row.file_id,
    club: await attestationClub(),
    season: { label: row.season_label, startsOn: row.starts_on, endsOn: row.ends_on },
    member: {
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: row.birth_date,
      sex: row.sex,
    },
    tariffLabel: row.tariff_label,
    paidCents,
    owedCents: await owedBy(row.file_id, registrationId),
    payments,
    licenceCents: Math.min(row.licence_cents, paidCents),
    issuedAt: attestation.issued_at,
  };
}
