/*
 * Everything stored about a household (« Télécharger mes données »), reached only
 * from one of its files' links: the household, its members, its files, their registrations
 * (with consents), payments and allocations. Nothing of another household: every query is
 * keyed by the household of the file the link opens.
 */
import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import type { FileRow } from "./file-draft.server";

export async function fileRegistrations(fileId: number) {
  return getDb()
    .selectFrom("registrations")
    .innerJoin("members", "members.id", "registrations.member_id")
    .innerJoin("membership_tariffs", "membership_tariffs.id", "registrations.tariff_id")
    .select([
      "registrations.id",
      "registrations.rank",
      "registrations.status",
      "registrations.club_cents",
      "registrations.licence_cents",
      "registrations.household_discount_cents",
      "registrations.pass_sport_cents",
      "registrations.manual_discount_cents",
      "registrations.pass_sport_code",
      "registrations.medical_kind",
      "registrations.medical_seen_at",
      "members.first_name",
      "members.last_name",
      "members.sex",
      "membership_tariffs.label as tariff_label",
    ])
    .where("registrations.file_id", "=", fileId)
    .orderBy("registrations.rank")
    .orderBy("registrations.id")
    .execute();
}

export async function filePayments(fileId: number) {
  return getDb()
    .selectFrom("membership_payments")
    .select(["id", "method", "amount_cents", "status", "due_month", "external_id"])
    .where("file_id", "=", fileId)
    .orderBy("id")
    .execute();
}

export async function householdData(file: FileRow) {
  const db = getDb();
  if (file.household_id === null) {
    return { household: null, draft: parseJson<unknown>(file.draft, {}) };
  }
  const householdId = file.household_id;
  const household = await db
    .selectFrom("households")
    .selectAll()
    .where("id", "=", householdId)
    .executeTakeFirst();
  const members = await db
    .selectFrom("members")
    .selectAll()
    .where("household_id", "=", householdId)
    .orderBy("id")
    .execute();
  const files = await db
    .selectFrom("membership_files")
    .select(["id", "season_id", "reference", "status", "created_at", "submitted_at", "paid_at"])
    .where("household_id", "=", householdId)
    .orderBy("id")
    .execute();
  const fileIds = files.map((one) => one.id);
  const registrations = fileIds.length
    ? await db
        .selectFrom("registrations")
        .selectAll()
        .where("file_id", "in", fileIds)
        .orderBy("file_id")
        .orderBy("rank")
        .execute()
    : [];
  const payments = fileIds.length
    ? await db
        .selectFrom("membership_payments")
        .selectAll()
        .where("file_id", "in", fileIds)
        .orderBy("id")
        .execute()
    : [];
  const paymentIds = payments.map((one) => one.id);
  const allocations = paymentIds.length
    ? await db
        .selectFrom("membership_allocations")
        .selectAll()
        .where("payment_id", "in", paymentIds)
        .orderBy("id")
        .execute()
    : [];
  return {
    household: household && {
      ...household,
      guardians: parseJson<unknown>(household.guardians, []),
    },
    members,
    files,
    registrations: registrations.map((row) => ({
      ...row,
      consents: parseJson<unknown>(row.consents, []),
    })),
    payments,
    allocations,
  };
}
