import { LOGIN_DELAY_MS } from "~/domains/content";

/**
 * Runs the answer of a sign-in form (login, forgotten password) and returns it no sooner
 * than LOGIN_DELAY_MS after the request arrived, success, failure or refusal alike: its
 * timing tells nothing (../shared/DESIGN.md, departures).
 */
export async function withSteadyTiming<T>(answer: () => Promise<T>): Promise<T> {
  const answerAt = Date.now() + LOGIN_DELAY_MS;
  try {
    return await answer();
  } finally {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
  }
}
