import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createFile, createSeason, resetMembershipData } from "../../../tests/membership-tail";
import { applyMembershipRetention } from "./retention.server";

const at = (day: string) => new Date(`${day}T10:00:00Z`);

function seasonOf(year: number, values: Parameters<typeof createSeason>[0] = {}) {
  return createSeason({
    label: `${year}-${year + 1}`,
    starts_on: `${year}-09-01`,
    ends_on: `${year + 1}-06-30`,
    registration_opens_on: `${year}-06-01`,
    registration_closes_on: `${year + 1}-05-31`,
    renewal_opens_on: `${year}-06-01`,
    grace_until: `${year + 1}-10-31`,
    ...values,
  });
}

beforeEach(resetMembershipData);

describe("the membership's retention", () => {
  it("anonymises members who did not renew once the next season's grace date has passed", async () => {
    const first = await seasonOf(2025);
    const second = await seasonOf(2026);
    const gone = await createFile(first, {
      email: "partis@example.org",
      paid: true,
      members: [
        { firstName: "Jules", lastName: "Perrin", birthDate: "2011-08-23", sex: "M", tariff: 1 },
      ],
    });
    // A household where one child renews and the other does not.
    const split = await createFile(first, {
      members: [{ firstName: "Ana" }, { firstName: "Tom" }],
    });
    await createFile(second, { householdId: split.householdId, members: [{ firstName: "Ana2" }] });
    await getDb()
      .updateTable("registrations")
      .set({ member_id: split.registrations[0]!.member.id })
      .where("season_id", "=", second.season.id)
      .execute();

    // On the grace date itself, nothing yet.
    expect((await applyMembershipRetention({ now: at("2027-10-31") })).members).toBe(0);
    const counts = await applyMembershipRetention({ now: at("2027-11-01") });
    expect(counts.members).toBe(2); // Jules and Tom
    expect(counts.households).toBe(1);

    const jules = await getDb()
      .selectFrom("members")
      .selectAll()
      .where("id", "=", gone.registrations[0]!.member.id)
      .executeTakeFirstOrThrow();
    expect(jules).toMatchObject({
      first_name: "Anonyme",
      last_name: "Anonyme",
      birth_date: "2011-01-01",
      sex: "M",
      licence_number: "",
    });
    const household = await getDb()
      .selectFrom("households")
      .selectAll()
      .where("id", "=", gone.householdId)
      .executeTakeFirstOrThrow();
    expect(household).toMatchObject({ email: "", phone: "", address: "", guardians: "[]" });
    // The figures keep the tariff and the amounts.
    const registration = await getDb()
      .selectFrom("registrations")
      .selectAll()
      .where("id", "=", gone.registrations[0]!.registration.id)
      .executeTakeFirstOrThrow();
    expect(registration.tariff_id).toBe(first.tariffs[1]!.id);
    expect(registration.club_cents).toBe(first.tariffs[1]!.club_cents);

    const ana = await getDb()
      .selectFrom("members")
      .select(["first_name", "anonymised_at"])
      .where("id", "=", split.registrations[0]!.member.id)
      .executeTakeFirstOrThrow();
    expect(ana).toEqual({ first_name: "Ana", anonymised_at: null });
    const splitHousehold = await getDb()
      .selectFrom("households")
      .select("email")
      .where("id", "=", split.householdId)
      .executeTakeFirstOrThrow();
    expect(splitHousehold.email).not.toBe("");
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["username", "action", "item_label"])
      .where("action", "=", "membership.retention")
      .execute();
    expect(journal).toEqual([
      {
        username: "serveur",
        action: "membership.retention",
        item_label:
          "2 adhérent(s) et 1 foyer(s) anonymisés, 0 paiement(s) et 0 brouillon(s) supprimés",
      },
    ]);
    // Once is enough.
    expect(await applyMembershipRetention({ now: at("2027-11-02") })).toEqual({
      members: 0,
      households: 0,
      payments: 0,
      drafts: 0,
    });
  });

  it("deletes payment rows 10 years after their season ends, and drafts once registration closed", async () => {
    const old = await seasonOf(2015);
    const current = await seasonOf(2026);
    const paidThen = await createFile(old, { paid: true });
    await createFile(current, { paid: true });
    for (const season of [old, current]) {
      await getDb()
        .insertInto("membership_files")
        .values({
          season_id: season.season.id,
          status: "draft",
          created_at: "2026-01-01T00:00:00Z",
          updated_at: "2026-01-01T00:00:00Z",
        })
        .execute();
    }
    // 2015-2016 ended on 2016-06-30: its payments stay until 2026-06-30 included.
    // The old season's draft goes at once (its registration closed long ago).
    expect(await applyMembershipRetention({ now: at("2026-06-30") })).toMatchObject({
      payments: 0,
      drafts: 1,
    });
    const counts = await applyMembershipRetention({ now: at("2026-07-01") });
    expect(counts.payments).toBe(1);
    const payments = await getDb().selectFrom("membership_payments").select("file_id").execute();
    expect(payments.map((row) => row.file_id)).not.toContain(paidThen.file.id);
    expect(payments).toHaveLength(1);
    const drafts = await getDb()
      .selectFrom("membership_files")
      .select("season_id")
      .where("status", "=", "draft")
      .execute();
    expect(drafts).toEqual([{ season_id: current.season.id }]);
    expect(await getDb().selectFrom("membership_allocations").select("id").execute()).toHaveLength(
      1,
    );
  });
});
