import type { DatedSession } from "~/domains/schedule/dated-sessions";

/*
 * The notice hook of the timetable changes: every dated session that a change
 * cancels or moves (or that a deleted change gives back) goes through sessionChanged,
 * once the change is committed. The trial bookings listen here and mail the
 * people booked on that session (app/domains/trials/trial-notices.server.ts).
 */

export type SessionChange = "cancelled" | "moved" | "restored";

export interface SessionNotice {
  /** The session as it now stands (its state says cancelled, moved or scheduled). */
  session: DatedSession;
  change: SessionChange;
}

type Listener = (notice: SessionNotice) => Promise<void> | void;

const listeners = new Set<Listener>();

/** Adds a listener; returns the function that removes it (tests, and the trial bookings' mails). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener, one notice at a time; a failing listener never undoes the change. */
export async function sessionChanged(notices: SessionNotice[]): Promise<void> {
  for (const notice of notices) {
    for (const listener of listeners) {
      try {
        await listener(notice);
      } catch (error) {
        console.error("Avis de changement de séance non traité", error);
      }
    }
  }
}
