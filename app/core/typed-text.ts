/*
 * What a typed text may hold, for every form of the site and the back office. A control
 * character is never typed on purpose: it comes from a script or a bad paste, shows
 * differently in one screen than in another, prints as « ?? » in a PDF, and PostgreSQL
 * refuses a NUL outright. Line breaks (and tabs) belong only in multi-line fields.
 */

/** C0 controls but tab and line breaks, DEL, C1 controls, and the Unicode line separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
const LINE_BREAK = /[\t\n\r]/;
/**
 * Invisible characters that change how a one-line text reads without showing: the direction
 * marks, embeddings, overrides and isolates, and the zero-width space, word joiner and byte
 * order mark. The zero-width joiner and non-joiner stay: emoji sequences and several scripts
 * need them.
 */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export const CONTROL_MESSAGE =
  "Ce champ contient un caractère invisible non autorisé (souvent venu d'un copier-coller) : retirez-le.";
export const LINE_BREAK_MESSAGE = "Ce champ tient sur une ligne : retirez le retour à la ligne.";

export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}

export function hasLineBreak(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** What is wrong with a typed text, or null; `multiline` for a message or an address. */
export function textProblem(value: string, { multiline = false } = {}): string | null {
  if (hasControlCharacter(value)) return CONTROL_MESSAGE;
  if (!multiline && hasLineBreak(value)) return LINE_BREAK_MESSAGE;
  return null;
}

/** The one-line text without its invisible direction marks and zero-width spaces. */
export function withoutInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

const CONTROL_RUN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  / *[\u0000-\u001F\u007F-\u009F\u2028\u2029][\u0000-\u0020\u007F-\u009F\u2028\u2029]*/g;

/** The text as a one-line PDF or mail header can show it: every control becomes a space. */
export function onOneLine(value: string): string {
  return value.replace(CONTROL_RUN, " ");
}
