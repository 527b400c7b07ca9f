/*
 * One membership file as the desk reads it (/admin/adhesions/dossiers/:id): the household,
 * each member's share of what is owed and paid, the payments with their allocations.
 */
import { type Guardian } from "~/domains/membership/membership";
import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { proposedShares } from "./desk.server";
import { fileBalance } from "./file-balance.server";
import { flagsOf } from "./files-list.server";
import { fileCheckouts } from "~/domains/membership/helloasso/checkout.server";

export async function loadFileDesk(fileId: number) {
  const db = getDb();
  const file = await db
    .selectFrom("membership_files as f")
    .innerJoin("membership_seasons as s", "s.id", "f.season_id")
    .select([
      "f.id",
      "f.reference",
      "f.status",
      "f.submitted_at",
      "f.paid_at",
      "f.household_id",
      "s.label as season_label",
      "s.starts_on",
    ])
    .where("f.id", "=", fileId)
    .executeTakeFirst();
  if (!file) return null;
  const household = file.household_id
    ? await db
        .selectFrom("households")
        .select(["email", "phone", "address", "postal_code", "city", "guardians"])
        .where("id", "=", file.household_id)
        .executeTakeFirst()
    : undefined;
  const registrations = await db
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("membership_tariffs as t", "t.id", "r.tariff_id")
    .select([
      "r.id",
      "r.status",
      "r.rank",
      "r.club_cents",
      "r.licence_cents",
      "r.household_discount_cents",
      "r.pass_sport_code",
      "r.pass_sport_cents",
      "r.pass_sport_checked_at",
      "r.pass_sport_checked_by",
      "r.manual_discount_cents",
      "r.manual_discount_reason",
      "r.medical_seen_at",
      "r.licence_taken_at",
      "r.consents",
      "m.first_name",
      "m.last_name",
      "m.birth_date",
      "t.label as tariff_label",
      "t.places",
    ])
    .where("r.file_id", "=", fileId)
    .orderBy("r.rank")
    .orderBy("r.id")
    .execute();
  const payments = await db
    .selectFrom("membership_payments")
    .selectAll()
    .where("file_id", "=", fileId)
    .orderBy("id")
    .execute();
  const allocations =
    payments.length === 0
      ? []
      : await db
          .selectFrom("membership_allocations")
          .select(["payment_id", "registration_id", "amount_cents"])
          .where(
            "payment_id",
            "in",
            payments.map((p) => p.id),
          )
          .orderBy("id")
          .execute();
  const balance = await fileBalance(fileId);
  const owedOf = new Map(balance.members.map((m) => [m.registrationId, m]));
  const active = registrations.filter((r) => r.status === "active");
  // What the desk proposes for each expected row: the split that settles each member.
  const proposals = new Map<number, { registrationId: number; cents: number }[]>();
  for (const payment of payments) {
    if (payment.status === "expected" && active.length > 0) {
      proposals.set(payment.id, await proposedShares(fileId, payment.id, payment.amount_cents));
    }
  }
  return {
    file: {
      id: file.id,
      reference: file.reference,
      status: file.status,
      submittedAt: file.submitted_at,
      paidAt: file.paid_at,
      season: file.season_label,
    },
    household: household
      ? {
          email: household.email,
          phone: household.phone,
          address: [household.address, `${household.postal_code} ${household.city}`.trim()]
            .filter(Boolean)
            .join(", "),
          guardians: parseJson<Guardian[]>(household.guardians, []),
        }
      : null,
    members: registrations.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      status: r.status,
      tariff: r.tariff_label,
      clubCents: r.club_cents,
      licenceCents: r.licence_cents,
      householdDiscountCents: r.household_discount_cents,
      passSportCode: r.pass_sport_code,
      passSportCents: r.pass_sport_cents,
      passSportChecked: r.pass_sport_checked_at
        ? { at: r.pass_sport_checked_at, by: r.pass_sport_checked_by }
        : null,
      manualDiscountCents: r.manual_discount_cents,
      manualDiscountReason: r.manual_discount_reason,
      owedCents: owedOf.get(r.id)?.owedCents ?? 0,
      paidCents: owedOf.get(r.id)?.paidCents ?? 0,
    })),
    payments: payments.map((p) => {
      const own = allocations.filter((a) => a.payment_id === p.id);
      const proposed = proposals.get(p.id);
      return {
        id: p.id,
        method: p.method,
        amountCents: p.amount_cents,
        status: p.status,
        dueMonth: p.due_month,
        chequeNumber: p.cheque_number,
        bank: p.bank,
        reference: p.reference,
        receivedAt: p.received_at,
        receivedBy: p.received_by,
        depositedAt: p.deposited_at,
        rejectedAt: p.rejected_at,
        /** Read from HelloAsso: the desk neither receives nor cancels it. */
        fromHelloAsso: p.external_id !== null,
        // An expected row: the proposed split; else its shares as stored.
        shares: active.map((r) => ({
          registrationId: r.id,
          cents:
            (proposed ?? []).find((s) => s.registrationId === r.id)?.cents ??
            own.find((a) => a.registration_id === r.id)?.amount_cents ??
            0,
        })),
      };
    }),
    balance,
    checkouts: await fileCheckouts(fileId),
    flags: flagsOf(file, registrations, file.starts_on, balance.owedCents),
  };
}

export type FileDesk = NonNullable<Awaited<ReturnType<typeof loadFileDesk>>>;
