/*
 * A member's page (/admin/adhesions/adherents/:registrationId): the person, their
 * guardians, consents with dates and text versions, the medical check (dates and who saw
 * it, never a document), the licence. Every reading is journaled ("member.viewed"):
 * personal data, read only by the roles that need it.
 */
import { CONSENTS, type Guardian, type StoredConsent } from "~/domains/membership/membership";
import { ageOn, isMinorOn } from "~/domains/membership/membership-price";
import { isIsoDate, parisToday } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { logActivity, withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { parseJson } from "~/core/json";
import { amountPaidFor } from "./attestation.server";
import { DeskError } from "./desk.server";

export async function readMember(
  registrationId: number,
  actor: Actor,
  { now = new Date() }: { now?: Date } = {},
) {
  const row = await getDb()
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("membership_tariffs as t", "t.id", "r.tariff_id")
    .innerJoin("membership_files as f", "f.id", "r.file_id")
    .innerJoin("membership_seasons as s", "s.id", "r.season_id")
    .leftJoin("households as h", "h.id", "m.household_id")
    .select([
      "r.id",
      "r.file_id",
      "r.status",
      "r.medical_kind",
      "r.certificate_date",
      "r.medical_seen_at",
      "r.medical_seen_by",
      "r.licence_taken_at",
      "r.consents",
      "m.first_name",
      "m.last_name",
      "m.birth_date",
      "m.sex",
      "m.licence_number",
      "t.label as tariff_label",
      "t.medical_rule",
      "t.medical_text",
      "f.reference",
      "s.label as season_label",
      "s.starts_on",
      "h.guardians",
    ])
    .where("r.id", "=", registrationId)
    .executeTakeFirst();
  if (!row) return null;
  const name = `${row.first_name} ${row.last_name}`;
  await logActivity(
    actor,
    { action: "member.viewed", itemType: "member", itemId: row.id, itemLabel: name },
    { now },
  );
  const minor = isMinorOn(row.birth_date, row.starts_on);
  const consents = parseJson<StoredConsent[]>(row.consents, []);
  return {
    id: row.id,
    fileId: row.file_id,
    reference: row.reference,
    season: row.season_label,
    status: row.status,
    name,
    birthDate: row.birth_date,
    age: ageOn(row.birth_date, parisToday(now)),
    minor,
    sex: row.sex,
    tariff: row.tariff_label,
    medicalRule: row.medical_rule,
    medicalText: row.medical_text,
    guardians: minor ? parseJson<Guardian[]>(row.guardians, []) : [],
    consents: (Array.isArray(consents) ? consents : []).map((c) => ({
      kind: c.kind,
      label: CONSENTS[c.kind]?.label ?? c.kind,
      accepted: Boolean(c.accepted),
      version: c.version,
      at: c.at,
      by: c.by,
    })),
    medical: {
      kind: row.medical_kind,
      certificateDate: row.certificate_date,
      seenAt: row.medical_seen_at,
      seenBy: row.medical_seen_by,
    },
    licence: { number: row.licence_number, takenAt: row.licence_taken_at },
    /** What was received for this member: their attestation exists once it is not 0. */
    paidCents: await amountPaidFor(row.id),
  };
}

async function registrationFor(registrationId: number) {
  const row = await getDb()
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("membership_tariffs as t", "t.id", "r.tariff_id")
    .select(["r.id", "r.member_id", "t.medical_rule", "m.first_name", "m.last_name"])
    .where("r.id", "=", registrationId)
    .executeTakeFirst();
  if (!row) throw new DeskError("Cet adhérent n'existe pas.");
  return row;
}

/** The journal row of a desk change to a member's registration. */
function memberSaved(row: { id: number; first_name: string; last_name: string }) {
  return {
    action: "save",
    itemType: "member",
    itemId: row.id,
    itemLabel: `${row.first_name} ${row.last_name}`,
  } as const;
}

/**
 * The medical check seen at the desk: a certificate of this date (not in the future), or
 * the questionnaire's attestation when the tariff's rule allows it; null clears it.
 */
export async function recordMedical(
  actor: Actor,
  {
    registrationId,
    kind,
    certificateDate,
  }: {
    registrationId: number;
    kind: "certificate" | "questionnaire" | null;
    certificateDate?: string;
  },
  { now = new Date() }: { now?: Date } = {},
) {
  const row = await registrationFor(registrationId);
  let values;
  if (kind === null) {
    values = { certificate_date: null, medical_seen_at: null, medical_seen_by: "" };
  } else if (kind === "questionnaire") {
    if (row.medical_rule !== "questionnaire") {
      throw new DeskError(
        "Ce tarif demande un certificat médical : le questionnaire ne suffit pas.",
      );
    }
    values = {
      medical_kind: "questionnaire",
      certificate_date: null,
      medical_seen_at: now.toISOString(),
      medical_seen_by: actor.username,
    };
  } else {
    const day = (certificateDate ?? "").trim();
    if (!isIsoDate(day)) throw new DeskError("Indiquez la date du certificat (jj/mm/aaaa).");
    if (day > parisToday(now))
      throw new DeskError("La date du certificat ne peut pas être dans le futur.");
    values = {
      medical_kind: "certificate",
      certificate_date: day,
      medical_seen_at: now.toISOString(),
      medical_seen_by: actor.username,
    };
  }
  await withActivity(actor, memberSaved(row), () =>
    getDb()
      .updateTable("registrations")
      .set({ ...values, updated_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute(),
  );
}

/** The federation's licence number, and « licence prise sur le site de la fédération ». */
export async function recordLicence(
  actor: Actor,
  { registrationId, number, taken }: { registrationId: number; number: string; taken: boolean },
  { now = new Date() }: { now?: Date } = {},
) {
  const row = await registrationFor(registrationId);
  const cleaned = number.trim();
  if (cleaned.length > 30) throw new DeskError("Le numéro de licence : 30 caractères au plus.");
  if (cleaned && !/^[A-Za-z0-9 -]+$/.test(cleaned)) {
    throw new DeskError(
      "Le numéro de licence ne peut contenir que des lettres, chiffres et tirets.",
    );
  }
  const current = await getDb()
    .selectFrom("registrations")
    .select("licence_taken_at")
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow();
  await withActivity(actor, memberSaved(row), async () => {
    await getDb()
      .updateTable("members")
      .set({ licence_number: cleaned, updated_at: now.toISOString() })
      .where("id", "=", row.member_id)
      .execute();
    await getDb()
      .updateTable("registrations")
      .set({
        licence_taken_at: taken ? (current.licence_taken_at ?? now.toISOString()) : null,
        updated_at: now.toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
  });
}
