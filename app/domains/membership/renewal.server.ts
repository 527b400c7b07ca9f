/*
 * Renewal: a household's single-use "renewal" link (mailed when the new season's renewal
 * opens) opens a new draft for the open season, prefilled from the household's
 * last-season file: the household, its guardians, its members with their memberId (the
 * submit updates those rows instead of creating new ones), the tariffs proposed again for
 * the new season; consents are NOT carried over: each is asked again.
 */
import {
  emptyDraft,
  isPractice,
  type DraftMember,
  type Guardian,
  type MembershipDraft,
} from "~/domains/membership/membership";
import { tariffsFor } from "~/domains/membership/membership-price";
import { getDb } from "~/db/client.server";
import { parseJson } from "~/core/json";
import { startDraft } from "./file-draft.server";
import { previousSeason, priceTariff, seasonTariffs, type SeasonRow } from "./season.server";
import { consumeMembershipToken } from "./tokens.server";

export type RenewalResult =
  { ok: true; token: string } | { ok: false; reason: "used" | "already" | "nothing" };

/** The draft a household's renewal starts from (null: it has no file last season). */
export async function renewalDraft(
  householdId: number,
  season: SeasonRow,
): Promise<{ draft: MembershipDraft; renewalOf: number } | null> {
  const db = getDb();
  const previous = await previousSeason(season);
  const household = await db
    .selectFrom("households")
    .selectAll()
    .where("id", "=", householdId)
    .where("anonymised_at", "is", null)
    .executeTakeFirst();
  if (!previous || !household) return null;
  const file = await db
    .selectFrom("membership_files")
    .select("id")
    .where("household_id", "=", householdId)
    .where("season_id", "=", previous.id)
    .where("status", "=", "submitted")
    .orderBy("submitted_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!file) return null;
  const rows = await db
    .selectFrom("registrations")
    .innerJoin("members", "members.id", "registrations.member_id")
    .innerJoin("membership_tariffs", "membership_tariffs.id", "registrations.tariff_id")
    .select([
      "members.id as memberId",
      "members.first_name",
      "members.last_name",
      "members.birth_date",
      "members.sex",
      "membership_tariffs.practice",
    ])
    .where("registrations.file_id", "=", file.id)
    .where("registrations.status", "!=", "cancelled")
    .where("members.anonymised_at", "is", null)
    .orderBy("registrations.rank")
    .orderBy("registrations.id")
    .execute();
  const tariffs = (await seasonTariffs(season.id)).map(priceTariff);
  const members = rows.map((row, i): DraftMember => {
    const practice = isPractice(row.practice) ? row.practice : "";
    const fits = practice ? tariffsFor(tariffs, Number(row.birth_date.slice(0, 4)), practice) : [];
    return {
      key: `m${i + 1}`,
      memberId: row.memberId,
      firstName: row.first_name,
      lastName: row.last_name,
      birthDate: row.birth_date,
      sex: row.sex === "F" || row.sex === "M" ? row.sex : "",
      practice,
      // Re-proposed for the new season: taken when one fits, else the family chooses.
      tariffId: fits.length === 1 ? fits[0]!.id : null,
      passSportCode: "",
      consents: {},
      medicalPromise: false,
    };
  });
  return {
    renewalOf: file.id,
    draft: {
      ...emptyDraft(),
      household: {
        email: household.email,
        phone: household.phone,
        address: household.address,
        postalCode: household.postal_code,
        city: household.city,
      },
      guardians: parseJson<Guardian[]>(household.guardians, []).slice(0, 2),
      members,
    },
  };
}

/** Uses the renewal link once and starts the household's draft for the open season. */
export async function startRenewal(
  token: string,
  season: SeasonRow,
  now = new Date(),
): Promise<RenewalResult> {
  const target = await consumeMembershipToken({ token, purpose: "renewal", now });
  if (!target?.householdId) return { ok: false, reason: "used" };
  const existing = await getDb()
    .selectFrom("membership_files")
    .select("id")
    .where("household_id", "=", target.householdId)
    .where("season_id", "=", season.id)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  if (existing) return { ok: false, reason: "already" };
  const prefilled = await renewalDraft(target.householdId, season);
  if (!prefilled) return { ok: false, reason: "nothing" };
  const started = await startDraft({
    seasonId: season.id,
    draft: prefilled.draft,
    householdId: target.householdId,
    renewalOf: prefilled.renewalOf,
    now,
  });
  return { ok: true, token: started.token };
}
