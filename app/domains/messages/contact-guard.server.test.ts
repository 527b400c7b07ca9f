import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CONTACT_GLOBAL_HOURLY_LIMIT,
  CONTACT_MIN_FILL_MS,
  countLinks,
  messageFingerprint,
  spamReason,
  type SpamFacts,
} from "./contact-guard.server";
import { signFormStamp } from "~/utils/form-stamp.server";

const SECRET = "secret-de-test";
const NOW = Date.parse("2026-11-23T10:00:00Z");

function facts(overrides: Partial<SpamFacts> = {}): SpamFacts {
  return {
    honeypot: "",
    stamp: signFormStamp(SECRET, NOW - 60_000),
    message: "Bonjour, à quelle heure est le cours du mardi ?",
    secret: SECRET,
    recentFromAddress: 0,
    addressLimit: 5,
    recentOverall: 0,
    isDuplicate: false,
    now: NOW,
    ...overrides,
  };
}

describe("spamReason", () => {
  it("lets a person's message through", () => {
    expect(spamReason(facts())).toBe("");
  });

  it("names each robot sign", () => {
    expect(spamReason(facts({ honeypot: "http://promo" }))).toMatch(/Champ caché/);
    expect(spamReason(facts({ stamp: "" }))).toMatch(/jeton/);
    expect(
      spamReason(facts({ stamp: signFormStamp(SECRET, NOW - CONTACT_MIN_FILL_MS + 500) })),
    ).toMatch(/trop vite/);
    expect(
      spamReason(facts({ message: "Voir https://a.example https://b.example www.c.example" })),
    ).toBe("Trop de liens");
    expect(spamReason(facts({ isDuplicate: true }))).toMatch(/doublon/);
    expect(spamReason(facts({ recentFromAddress: 5 }))).toMatch(/cette adresse/);
    expect(spamReason(facts({ recentOverall: CONTACT_GLOBAL_HOURLY_LIMIT }))).toMatch(/une heure/);
  });

  it("accepts two links and a form filled just over the minimum time", () => {
    expect(spamReason(facts({ message: "Mon club : https://a.example et www.b.example" }))).toBe(
      "",
    );
    expect(spamReason(facts({ stamp: signFormStamp(SECRET, NOW - CONTACT_MIN_FILL_MS) }))).toBe("");
  });
});

describe("the minimum fill time", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const tooFast = (shownAgo: number) =>
    spamReason(facts({ stamp: signFormStamp(SECRET, NOW - shownAgo) })).includes("trop vite");

  it("is 1 s unless FORM_MIN_FILL_MS, read at each call, says otherwise", () => {
    vi.stubEnv("FORM_MIN_FILL_MS", undefined);
    expect(tooFast(CONTACT_MIN_FILL_MS - 1000)).toBe(true);
    vi.stubEnv("FORM_MIN_FILL_MS", "10000");
    expect(tooFast(CONTACT_MIN_FILL_MS + 1000)).toBe(true);
    vi.stubEnv("FORM_MIN_FILL_MS", "pas un nombre");
    expect(tooFast(CONTACT_MIN_FILL_MS - 1000)).toBe(true);
  });

  it("is off at 0, even for a stamp rounded up past now (the e2e server's setting)", () => {
    vi.stubEnv("FORM_MIN_FILL_MS", "0");
    expect(tooFast(-900)).toBe(false);
  });
});

describe("helpers", () => {
  it("counts links and fingerprints messages whatever the case and spaces", () => {
    expect(countLinks("http://a https://b www.c rien")).toBe(3);
    expect(messageFingerprint("A@B.fr ", "Bonjour   le  club")).toBe(
      messageFingerprint("a@b.fr", "bonjour le club"),
    );
    expect(messageFingerprint("a@b.fr", "bonjour")).not.toBe(
      messageFingerprint("c@b.fr", "bonjour"),
    );
  });
});
