import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { DESK_KEY_DAYS, newDeskKey, purgeOldDeskKeys, recordOnce } from "./desk-once.server";

const DAY = 86_400_000;

describe("desk one-time keys", () => {
  it("refuses a key older than its days, and forgets used keys only once no page can post them", async () => {
    const now = new Date("2026-11-29T10:00:00Z");
    const old = new Date(now.getTime() - (DESK_KEY_DAYS + 1) * DAY - 3_600_000);
    await expect(
      recordOnce({ key: newDeskKey(old), form: "f" }, async () => 1, { now }),
    ).rejects.toThrow(
      "Cette page est ouverte depuis trop longtemps : rechargez-la, puis recommencez.",
    );
    // Used the day it was made, and the last day it is good: both remembered until then.
    const early = newDeskKey(old);
    const late = newDeskKey(new Date(now.getTime() - DAY));
    let acts = 0;
    await recordOnce({ key: early, form: "f" }, async () => ++acts, { now: old });
    await recordOnce({ key: late, form: "f" }, async () => ++acts, {
      now: new Date(now.getTime() - DAY),
    });
    const nearlyOld = new Date(old.getTime() + DAY - 60_000);
    expect(
      await recordOnce({ key: early, form: "f" }, async () => ++acts, { now: nearlyOld }),
    ).toBe(1);
    await purgeOldDeskKeys({ now: new Date(old.getTime() + DESK_KEY_DAYS * DAY) });
    expect(
      await recordOnce({ key: early, form: "f" }, async () => ++acts, { now: nearlyOld }),
    ).toBe(1);
    await purgeOldDeskKeys({ now });
    const left = await getDb()
      .selectFrom("membership_desk_keys")
      .select("key")
      .where("key", "in", [`${early}/f`, `${late}/f`])
      .execute();
    expect(left.map((row) => row.key)).toEqual([`${late}/f`]);
    expect(acts).toBe(2);
  });
});
