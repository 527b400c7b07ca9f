import { expect } from "vitest";
import type { Answer } from "./auth";
import { databaseSnapshot } from "./admin-routes";

/*
 * Hostile values for every text field of a form (NUL, other C0 and C1 controls, a line
 * break in a one-line field, direction overrides, 100 KB, a name of 2,000 emoji) and the
 * one check they all get: a clear 4xx pointing at the field and nothing stored, or a safe
 * store (no control character nor direction override anywhere in the database). A 500
 * would throw out of callRoute and fail the test.
 */

export const BAD_VALUES: Record<string, string> = {
  nul: "Léa\u0000Martin",
  bell: "Léa\u0007",
  escape: "\u001b[2JLéa",
  c1: "Léa\u0085Martin",
  lineBreak: "Léa\r\nMartin",
  override: "\u202eLéa\u202c Martin\u2066",
  huge: "a".repeat(100_000),
  emoji: "🥊".repeat(2000),
};

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Every string held anywhere in the database, read back from the snapshot's rows. */
function storedStrings(snapshot: Record<string, string>): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      found.push(value);
      // JSON kept in a text column (a draft, a content block) is walked too.
      if (/^[[{]/.test(value)) {
        try {
          walk(JSON.parse(value));
        } catch {
          // Not JSON after all: the text itself was checked.
        }
      }
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const lines of Object.values(snapshot)) {
    for (const line of lines.split("\n").filter(Boolean)) walk(JSON.parse(line));
  }
  return found;
}

/** The field errors an answer carries (`errors`, keyed by field), or {}. */
function errorsOf(answer: Answer): Record<string, string> {
  const data = answer.data as { errors?: Record<string, string> } | null;
  return data && typeof data === "object" && data.errors ? data.errors : {};
}

/**
 * Sends each bad value in each field (over `good`) with `send`, and checks the answer.
 * `pointed` maps a field to the key its error is shown under, when they differ.
 */
export async function sweepFields({
  fields,
  good,
  send,
  pointed = (field) => field,
  before: prepare,
}: {
  fields: readonly string[];
  good: Record<string, string>;
  send: (values: Record<string, string>) => Promise<Answer>;
  pointed?: (field: string) => string;
  /** Run before each value, outside what is compared (a fresh link to use). */
  before?: () => Promise<void>;
}): Promise<void> {
  for (const field of fields) {
    for (const [kind, bad] of Object.entries(BAD_VALUES)) {
      await prepare?.();
      const before = await databaseSnapshot();
      const answer = await send({ ...good, [field]: bad });
      const where = `${field} ← ${kind}: ${answer.status} ${JSON.stringify(errorsOf(answer)).slice(0, 200)}`;
      expect(answer.status, where).toBeLessThan(500);
      const after = await databaseSnapshot();
      if (answer.status >= 400) {
        expect(errorsOf(answer)[pointed(field)], where).toEqual(expect.any(String));
        expect(after, where).toEqual(before);
      }
      const unsafe = storedStrings(after).filter((text) => UNSAFE.test(text));
      expect(
        unsafe.map((text) => text.slice(0, 80)),
        where,
      ).toEqual([]);
    }
  }
}
