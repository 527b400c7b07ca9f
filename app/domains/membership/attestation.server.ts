/*
 * A member's payment attestation, as works councils ask: what was received for
 * that member this season. The amount is the sum of the member's allocations on received
 * payments (rows "received" or "deposited", docs/decisions/024-membership.md); the number is the
 * file's reference and the member's rank (ADH-2026-042-1), kept in membership_attestations
 * once issued, with the amount of its last issue.
 */
import { getDb } from "~/db/client.server";
import { getAllSettings } from "~/domains/content/index.server";
import { RECEIVED_STATUSES } from "./file-balance.server";

export interface AttestationFacts {
  number: string;
  registrationId: number;
  fileId: number;
  club: { name: string; address: string; city: string; signatory: string };
  season: { label: string; startsOn: string; endsOn: string };
  /** sex: "F", "M", or "" when it was never asked (a file begun from a trial). */
  member: { firstName: string; lastName: string; birthDate: string; sex: string };
  tariffLabel: string;
  paidCents: number;
  /** The federation's licence within the amount paid (shown apart). */
  licenceCents: number;
  issuedAt: string;
}

/** "MEYZIEU" → "Meyzieu", "saint-priest" → "Saint-Priest". */
export function cityName(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

/** What a member paid this season: the sum of their allocations on received payments. */
export async function amountPaidFor(registrationId: number): Promise<number> {
  const row = await getDb()
    .selectFrom("membership_allocations as a")
    .innerJoin("membership_payments as p", "p.id", "a.payment_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("a.amount_cents"), eb.lit(0)).as("paid"))
    .where("a.registration_id", "=", registrationId)
    .where("p.status", "in", RECEIVED_STATUSES)
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

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
  const paidCents = await amountPaidFor(registrationId);
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
  const { general, address, legal } = await getAllSettings();
  const president = legal.president.trim();
  return {
    number: attestation.number,
    registrationId,
    fileId: row.file_id,
    club: {
      name: legal.associationName.trim() || general.siteName,
      address: [address.street, `${address.postalCode} ${cityName(address.city)}`.trim()]
        .filter(Boolean)
        .join(", "),
      city: cityName(address.city),
      signatory: president ? `Le président, ${president}` : "Le président ou le trésorier",
    },
    season: { label: row.season_label, startsOn: row.starts_on, endsOn: row.ends_on },
    member: {
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: row.birth_date,
      sex: row.sex,
    },
    tariffLabel: row.tariff_label,
    paidCents,
    licenceCents: Math.min(row.licence_cents, paidCents),
    issuedAt: attestation.issued_at,
  };
}
