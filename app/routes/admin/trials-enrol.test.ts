import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { callRoute, createUser, postRequest, signIn } from "../../../tests/auth";
import { parisToday } from "~/core/club-time";
import { openSeason, seasonTariffs } from "~/domains/membership/season.server";
import { createSeason } from "../../../tests/membership";
import { createSubmittedFile } from "../../../tests/membership-files";
import { book, mondayClass, outbox, resetTrialData } from "../../../tests/trial";
import { action } from "./trials/trials";

/*
 * « Inscrire » on /admin/essais: a treasurer opens a membership draft from a
 * booking (prefilled, trial_booking_id set, the family mailed; the link, which opens the file
 * without a password, never in the answer); once per
 * booking; a coach, who manages trials but not memberships, is refused.
 */

let bookingId: number;

beforeEach(async () => {
  await resetTrialData();
  await createSeason();
  const { id } = await mondayClass(2);
  bookingId = await book(id, "lea@example.fr");
  await getDb().deleteFrom("mail_outbox").execute();
});

const enrol = async (role: "tresorier" | "coach") => {
  const { cookie } = await signIn(
    await createUser(`${role}${Date.now()}${Math.random()}`, "mot-de-passe", { roles: [role] }),
  );
  return callRoute(
    action,
    postRequest("/admin/essais", { intent: "enrol", id: String(bookingId) }, { cookie }),
  );
};

describe("Inscrire from a trial booking", () => {
  it("opens a prefilled draft and mails its link to the family alone; once per booking", async () => {
    const answer = await enrol("tresorier");
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ enrolled: { bookingId } });
    expect(JSON.stringify(answer.data)).not.toContain("/adhesion/dossier/");
    const file = await getDb()
      .selectFrom("membership_files")
      .select(["status", "trial_booking_id", "draft"])
      .where("trial_booking_id", "=", bookingId)
      .executeTakeFirstOrThrow();
    expect(file.status).toBe("draft");
    const draft = JSON.parse(file.draft);
    expect(draft.household).toMatchObject({ email: "lea@example.fr" });
    expect(draft.members).toEqual([
      expect.objectContaining({ key: "m1", memberId: null, birthDate: "", tariffId: null }),
    ]);
    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual(["lea@example.fr"]);
    expect(mails[0]!.body_text).toMatch(/\/adhesion\/dossier\/[A-Za-z0-9_-]{43}\n/);
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["action", "item_type"])
      .where("item_type", "=", "membership")
      .execute();
    expect(journal).toEqual([{ action: "create", item_type: "membership" }]);

    const again = await enrol("tresorier");
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      toast: { message: expect.stringContaining("déjà ouvert") },
    });
  });

  it("recognises someone already registered this season: no file opened, no mail, said why", async () => {
    const booking = await getDb()
      .selectFrom("trial_bookings")
      .select(["first_name", "last_name"])
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    const season = (await openSeason(parisToday()))!;
    const [tariff] = await seasonTariffs(season.id);
    const { file } = await createSubmittedFile({
      season,
      members: [
        {
          firstName: booking.first_name.toUpperCase(),
          lastName: ` ${booking.last_name}`,
          birthDate: "1990-05-04",
          sex: "F",
          tariff: tariff!,
        },
      ],
    });
    await getDb().deleteFrom("mail_outbox").execute();
    const answer = await enrol("tresorier");
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      toast: {
        message: `${booking.first_name.toUpperCase()} ${booking.last_name} est déjà adhérente cette saison (dossier ${file.reference}) : aucun dossier ouvert, aucun e-mail envoyé.`,
      },
    });
    expect(await outbox()).toEqual([]);
    expect(
      await getDb()
        .selectFrom("membership_files")
        .select("id")
        .where("trial_booking_id", "=", bookingId)
        .execute(),
    ).toEqual([]);
  });

  it("is refused to a coach", async () => {
    expect((await enrol("coach")).status).toBe(403);
    expect(
      await getDb()
        .selectFrom("membership_files")
        .select("id")
        .where("trial_booking_id", "=", bookingId)
        .execute(),
    ).toEqual([]);
  });
});
