import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createMembershipToken } from "~/domains/membership/tokens.server";
import { callRoute, ORIGIN } from "../../../../tests/auth";
import { createFile, createSeason, resetMembershipData } from "../../../../tests/membership-tail";
import { action, loader } from "./membership-optout";

beforeEach(resetMembershipData);

describe("the renewal mail's unsubscribe link", () => {
  it("asks first, and the POST stops the renewal mails", async () => {
    const fixture = await createSeason();
    const { householdId } = await createFile(fixture);
    const token = await createMembershipToken({ purpose: "optout", householdId });
    const url = `${ORIGIN}/adhesion/desabonnement/${token}`;
    const optout = async () =>
      (
        await getDb()
          .selectFrom("households")
          .select("renewal_optout_at")
          .where("id", "=", householdId)
          .executeTakeFirstOrThrow()
      ).renewal_optout_at;

    expect((await callRoute(loader, new Request(url), {}, { token })).data).toEqual({
      state: "open",
    });
    expect(await optout()).toBeNull();
    const post = new Request(url, { method: "POST", body: new URLSearchParams() });
    const answer = await callRoute(action, post, {}, { token });
    expect(answer.status).toBe(302);
    expect(await optout()).not.toBeNull();
    expect((await callRoute(loader, new Request(url), {}, { token })).data).toEqual({
      state: "done",
    });
  });

  it("says an unknown or draft link is not valid, and changes nothing", async () => {
    const fixture = await createSeason();
    const { householdId, file } = await createFile(fixture);
    const draft = await createMembershipToken({ purpose: "draft", householdId, fileId: file.id });
    for (const token of [draft, "x".repeat(43), "court"]) {
      const url = `${ORIGIN}/adhesion/desabonnement/${token}`;
      expect((await callRoute(loader, new Request(url), {}, { token })).data).toEqual({
        state: "unknown",
      });
      await callRoute(
        action,
        new Request(url, { method: "POST", body: new URLSearchParams() }),
        {},
        { token },
      );
    }
    const row = await getDb()
      .selectFrom("households")
      .select("renewal_optout_at")
      .where("id", "=", householdId)
      .executeTakeFirstOrThrow();
    expect(row.renewal_optout_at).toBeNull();
  });
});
