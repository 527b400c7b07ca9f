/*
 * From a trial to a membership: the desk's « Inscrire » on a trial booking
 * opens a draft for the open season, prefilled from the booking (e-mail, phone, the
 * person's or the child's name; the birth date is left to type, only its year is known),
 * with trial_booking_id set, and mails the family its link. One file per booking; none for
 * someone already registered this season (same first and last name, accents and case aside).
 */
import { parisToday } from "~/core/club-time";
import { agree } from "~/core/french";
import { plainName } from "~/core/person-name";
import { emptyDraft, type DraftMember } from "~/domains/membership/membership";
import { getDb } from "~/db/client.server";
import { startDraft } from "./file-draft.server";
import { openSeason } from "./season.server";

export type EnrolResult =
  { ok: true; fileId: number; link: string; name: string } | { ok: false; message: string };

export async function enrolFromTrial(bookingId: number, now = new Date()): Promise<EnrolResult> {
  const season = await openSeason(parisToday(now));
  if (!season) {
    return { ok: false, message: "Aucune saison n'est ouverte aux inscriptions en ce moment." };
  }
  const booking = await getDb()
    .selectFrom("trial_bookings")
    .select([
      "id",
      "email",
      "phone",
      "first_name",
      "last_name",
      "child_first_name",
      "child_last_name",
      "child_birth_year",
    ])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return { ok: false, message: "Cette réservation n'existe plus." };
  const existing = await getDb()
    .selectFrom("membership_files")
    .select(["id", "status"])
    .where("trial_booking_id", "=", bookingId)
    .where("season_id", "=", season.id)
    .executeTakeFirst();
  if (existing) {
    return {
      ok: false,
      message: `Un dossier d'adhésion est déjà ouvert pour cette réservation (${existing.status === "draft" ? "brouillon" : "envoyé"}).`,
    };
  }
  const child = booking.child_first_name !== null;
  const firstName = child ? booking.child_first_name! : booking.first_name;
  const lastName = child ? booking.child_last_name || booking.last_name : booking.last_name;
  const registered = await registeredAs(season.id, firstName, lastName);
  if (registered) {
    return {
      ok: false,
      message: `${registered.name} est déjà ${agree(registered.sex, "adhérent")} cette saison (dossier ${registered.reference}) : aucun dossier ouvert, aucun e-mail envoyé.`,
    };
  }
  const member: DraftMember = {
    key: "m1",
    memberId: null,
    firstName,
    lastName,
    // Only the year is known: the family types the date.
    birthDate: "",
    sex: "",
    practice: "",
    tariffId: null,
    passSportCode: "",
    consents: {},
    medicalPromise: false,
  };
  const started = await startDraft({
    seasonId: season.id,
    trialBookingId: booking.id,
    draft: {
      ...emptyDraft(),
      household: {
        email: booking.email,
        phone: booking.phone,
        address: "",
        postalCode: "",
        city: "",
      },
      members: [member],
    },
    now,
  });
  return {
    ok: true,
    fileId: started.fileId,
    link: started.link,
    name: `${member.firstName} ${member.lastName}`.trim(),
  };
}

/** A member registered (or waiting) in the season under this name, with the file's reference. */
async function registeredAs(seasonId: number, firstName: string, lastName: string) {
  const rows = await getDb()
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("membership_files as f", "f.id", "r.file_id")
    .select(["m.first_name", "m.last_name", "m.sex", "f.reference"])
    .where("r.season_id", "=", seasonId)
    .where("r.status", "in", ["active", "waiting"])
    .where("f.status", "=", "submitted")
    .execute();
  const wanted = plainName(`${firstName} ${lastName}`);
  const row = rows.find((one) => plainName(`${one.first_name} ${one.last_name}`) === wanted);
  return (
    row && {
      name: `${row.first_name.trim()} ${row.last_name.trim()}`,
      sex: row.sex,
      reference: row.reference ?? "",
    }
  );
}
