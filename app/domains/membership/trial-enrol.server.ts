/*
 * From a trial to a membership: the desk's « Inscrire » on a trial booking
 * opens a draft for the open season, prefilled from the booking (e-mail, phone, the
 * person's or the child's name; the birth date is left to type, only its year is known),
 * with trial_booking_id set, and mails the family its link. One file per booking.
 */
import { parisToday } from "~/core/club-time";
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
  const member: DraftMember = {
    key: "m1",
    memberId: null,
    firstName: child ? booking.child_first_name! : booking.first_name,
    lastName: child ? booking.child_last_name || booking.last_name : booking.last_name,
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
