import { describe, expect, it } from "vitest";
import { LOGIN_MAX_DELAY_MS, LOGIN_MAX_FAILURES, usernameDelayMs } from "./login-attempt.server";

describe("usernameDelayMs", () => {
  it("adds nothing up to the limit, then doubles from 0.5 s, capped at 10 s", () => {
    expect(usernameDelayMs(0)).toBe(0);
    expect(usernameDelayMs(LOGIN_MAX_FAILURES)).toBe(0);
    expect(usernameDelayMs(LOGIN_MAX_FAILURES + 1)).toBe(500);
    expect(usernameDelayMs(LOGIN_MAX_FAILURES + 2)).toBe(1000);
    expect(usernameDelayMs(LOGIN_MAX_FAILURES + 5)).toBe(8000);
    expect(usernameDelayMs(LOGIN_MAX_FAILURES + 6)).toBe(LOGIN_MAX_DELAY_MS);
    expect(usernameDelayMs(1_000_000)).toBe(LOGIN_MAX_DELAY_MS);
  });
});
