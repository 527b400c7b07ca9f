import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  consumeMembershipToken,
  createMembershipToken,
  findMembershipToken,
} from "./tokens.server";

async function household() {
  const stamp = new Date().toISOString();
  return getDb()
    .insertInto("households")
    .values({ email: "famille@example.fr", created_at: stamp, updated_at: stamp })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("membership links", () => {
  it("opens a renewal link once, even clicked twice at once, and stores only its hash", async () => {
    const { id } = await household();
    const token = await createMembershipToken({ purpose: "renewal", householdId: id });
    const stored = await getDb().selectFrom("membership_tokens").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    expect(await findMembershipToken({ token, purpose: "draft" })).toBeNull();
    const [first, second] = await Promise.all([
      consumeMembershipToken({ token, purpose: "renewal" }),
      consumeMembershipToken({ token, purpose: "renewal" }),
    ]);
    expect([first, second].filter(Boolean)).toEqual([{ householdId: id, fileId: null }]);
    expect(await consumeMembershipToken({ token, purpose: "renewal" })).toBeNull();
  });

  it("refuses an expired or malformed link", async () => {
    const { id } = await household();
    const past = new Date(Date.now() - 61 * 24 * 3600 * 1000);
    const token = await createMembershipToken({ purpose: "renewal", householdId: id, now: past });
    expect(await findMembershipToken({ token, purpose: "renewal" })).toBeNull();
    expect(await findMembershipToken({ token: "../../etc", purpose: "draft" })).toBeNull();
  });
});
