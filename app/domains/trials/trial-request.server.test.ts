import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { noteTrialRequest, TRIAL_REQUEST_WINDOW_MS } from "./trial-request.server";

describe("noteTrialRequest", () => {
  it("counts an address's requests within the hour and forgets older ones", async () => {
    const start = new Date("2026-11-23T10:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await noteTrialRequest({ ip: "203.0.113.7", now: start })).toBe(1);
    expect(await noteTrialRequest({ ip: "203.0.113.7", now: at(1_000) })).toBe(2);
    // Another address has its own count.
    expect(await noteTrialRequest({ ip: "198.51.100.2", now: at(2_000) })).toBe(1);
    // An hour after the first, it no longer counts, and its row is gone.
    expect(await noteTrialRequest({ ip: "203.0.113.7", now: at(TRIAL_REQUEST_WINDOW_MS) })).toBe(2);
    const rows = await getDb().selectFrom("trial_requests").select("created_at").execute();
    expect(rows.map((row) => row.created_at).sort()).toEqual([
      at(1_000).toISOString(),
      at(2_000).toISOString(),
      at(TRIAL_REQUEST_WINDOW_MS).toISOString(),
    ]);
  });
});
