import { LOGIN_DELAY_MS } from "~/domains/content";

/**
 * The floor in milliseconds: LOGIN_DELAY_MS, or LOGIN_FLOOR_MS from the environment, read at
 * each call, which the Vitest setup alone sets (README "Environment": tests only).
 */
function loginFloorMs(): number {
  const set = Number.parseInt(process.env.LOGIN_FLOOR_MS ?? "", 10);
  return Number.isFinite(set) && set >= 0 ? set : LOGIN_DELAY_MS;
}

/**
 * Runs the answer of a sign-in form (login, forgotten password) and returns it no sooner
 * than LOGIN_DELAY_MS after the request arrived, success, failure or refusal alike: its
 * timing tells nothing (../shared/DESIGN.md, departures).
 */
export async function withSteadyTiming<T>(answer: () => Promise<T>): Promise<T> {
  const answerAt = Date.now() + loginFloorMs();
  try {
    return await answer();
  } finally {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
  }
}
