import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMembershipToken } from "~/domains/membership/tokens.server";
import { callRoute, postRequest } from "../../../../tests/auth";
import { createSeason } from "../../../../tests/membership";
import { allConsents, HOUSEHOLD, startFile, steps } from "../../../../tests/membership-family";
import { action as renewAction, loader as renewLoader } from "./membership-renew";

/*
 * An adult renewing: last season's file, then the renewal link opens a draft
 * prefilled from it (household, member with memberId, the tariff proposed again, no
 * consent carried over); sent, it updates the household and member rows instead of adding
 * new ones. The link works once: a replay answers a French page.
 */

const db = () => getDb();

describe("an adult renewing", () => {
  it("renews from last season's file, reusing the household and the member", async () => {
    const year = Number(new Date().toISOString().slice(0, 4));
    // Last season, open today: the adult registers.
    const last = await createSeason({ starts_on: `${year - 1}-09-01`, ends_on: `${year}-06-30` });
    const { token: first } = await startFile();
    await steps(first).member("nouveau", {
      first_name: "Karim",
      last_name: "Benali",
      birth_date: "1988-04-02",
      sex: "M",
      practice: "loisir",
      tariff: "",
    });
    await steps(first).consents(allConsents(["m1"], { "m1.droit_image": "" }));
    expect((await steps(first).payment({ choice: "club", method: "cash" })).status).toBe(302);
    const lastFile = await db()
      .selectFrom("membership_files")
      .selectAll()
      .where("season_id", "=", last.season.id)
      .executeTakeFirstOrThrow();
    const householdId = lastFile.household_id!;

    // The new season opens; the renewal job mails the renewal link.
    const { season, tariffs } = await createSeason();
    const token = await createMembershipToken({ purpose: "renewal", householdId });
    const page = await callRoute(
      renewLoader,
      new Request(`http://localhost/adhesion/renouveler/${token}`),
      {},
      { token },
    );
    expect(page.data).toMatchObject({ usable: true });
    const answer = await callRoute(
      renewAction,
      postRequest(`/adhesion/renouveler/${token}`, {}),
      {},
      { token },
    );
    expect(answer.status).toBe(302);
    const draftToken = /\/adhesion\/dossier\/([^/]+)\/membres$/.exec(
      answer.headers.get("Location")!,
    )![1]!;

    const renewal = await db()
      .selectFrom("membership_files")
      .selectAll()
      .where("season_id", "=", season.id)
      .executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({
      status: "draft",
      household_id: householdId,
      renewal_of: lastFile.id,
    });
    const draft = JSON.parse(renewal.draft);
    const memberId = (await db().selectFrom("members").select("id").executeTakeFirstOrThrow()).id;
    const adults = tariffs.find((t) => t.label === "Boxe anglaise loisir")!;
    expect(draft.household).toMatchObject({ email: "famille.martin@example.fr", city: "Meyzieu" });
    expect(draft.members).toEqual([
      expect.objectContaining({
        memberId,
        firstName: "Karim",
        birthDate: "1988-04-02",
        practice: "loisir",
        tariffId: adults.id,
        consents: {},
        medicalPromise: false,
      }),
    ]);

    // The link works once.
    const replay = await callRoute(
      renewAction,
      postRequest(`/adhesion/renouveler/${token}`, {}),
      {},
      { token },
    );
    expect(replay.status).toBe(409);
    expect((replay.data as { error: string }).error).toMatch(
      /^Ce lien de renouvellement a déjà servi/,
    );
    expect(
      await db()
        .selectFrom("membership_files")
        .select("id")
        .where("season_id", "=", season.id)
        .execute(),
    ).toHaveLength(1);

    // Consents asked again; a new phone number; sent.
    const step = steps(draftToken);
    expect((await step.payment({ choice: "club", method: "transfer" })).data).toMatchObject({
      error: expect.stringContaining("autorisations obligatoires"),
    });
    await step.consents(allConsents(["m1"]));
    expect((await step.payment({ choice: "club", method: "transfer" })).status).toBe(302);
    expect(await db().selectFrom("households").select("id").execute()).toHaveLength(1);
    expect(await db().selectFrom("members").select(["id", "household_id"]).execute()).toEqual([
      { id: memberId, household_id: householdId },
    ]);
    const registrations = await db()
      .selectFrom("registrations")
      .select(["season_id", "member_id", "club_cents", "licence_cents", "status"])
      .orderBy("id")
      .execute();
    expect(registrations).toEqual([
      {
        season_id: last.season.id,
        member_id: memberId,
        club_cents: 16500,
        licence_cents: 5500,
        status: "active",
      },
      {
        season_id: season.id,
        member_id: memberId,
        club_cents: 16500,
        licence_cents: 5500,
        status: "active",
      },
    ]);
    expect(
      await db()
        .selectFrom("membership_payments")
        .select(["method", "amount_cents"])
        .where("file_id", "=", renewal.id)
        .execute(),
    ).toEqual([{ method: "transfer", amount_cents: 22000 }]);
    void HOUSEHOLD;
  });
});
