import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { logActivity } from "~/domains/history/activity-log.server";
import { startHousekeeping } from "../../startup/startup.server";

const actor = { userId: null, username: "ancien", ip: "127.0.0.1" };

function monthsAgo(months: number): Date {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

it("the periodic sweep removes the journal's rows older than 13 months and keeps the others", async () => {
  await logActivity(actor, { action: "save", itemLabel: "vieux" }, { now: monthsAgo(14) });
  await logActivity(actor, { action: "save", itemLabel: "récent" }, { now: monthsAgo(12) });
  const labels = async () =>
    (
      await getDb()
        .selectFrom("activity_log")
        .select("item_label")
        .where("username", "=", "ancien")
        .orderBy("id")
        .execute()
    ).map((row) => row.item_label);
  expect(await labels()).toEqual(["vieux", "récent"]);

  const stop = startHousekeeping({ intervalMs: 60_000 });
  try {
    await expect.poll(labels, { timeout: 10_000 }).toEqual(["récent"]);
  } finally {
    stop();
  }
});
