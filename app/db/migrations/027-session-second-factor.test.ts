import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MIGRATIONS, migrateToLatest } from "~/db/migrate.server";

describe("027-session-second-factor", () => {
  it("keeps serving the full sessions of people with a factor, and no others", async () => {
    const db = getDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    await migrator.migrateTo("025-helloasso");
    const stamp = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const user = async (username: string, roles: string, factor: boolean) =>
      (
        await db
          .insertInto("users")
          .values({
            username,
            password_hash: "x",
            roles,
            totp_enabled_at: factor ? stamp : null,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const admin = await user("admin-avec-code", "admin", true);
    const coach = await user("coach-sans-code", "coach", false);
    const promoted = await user("tresorier-sans-code", "tresorier", false);
    const session = (id: string, userId: number, pending: string) => ({
      id,
      user_id: userId,
      created_at: stamp,
      last_used_at: stamp,
      expires_at: later,
      pending,
    });
    await db
      .insertInto("sessions")
      .values([
        session("admin-full", admin, ""),
        session("admin-code", admin, "code"),
        session("coach-full", coach, ""),
        session("tresorier-full", promoted, ""),
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db
      .selectFrom("sessions")
      .select(["id", "second_factor"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "admin-code", second_factor: 0 },
      { id: "admin-full", second_factor: 1 },
      { id: "coach-full", second_factor: 0 },
      { id: "tresorier-full", second_factor: 0 },
    ]);
    await db.deleteFrom("sessions").execute();
    await db.deleteFrom("users").execute();
  });
});
