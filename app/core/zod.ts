import { z as zod } from "zod";
import {
  CONTROL_MESSAGE,
  LINE_BREAK_MESSAGE,
  hasControlCharacter,
  hasLineBreak,
  withoutInvisible,
} from "./typed-text";

/*
 * zod with the site's rule for typed text, so that every schema of a form has it without
 * repeating it: `z.string()` is a one-line text (no control character, no line break, the
 * invisible direction marks removed), `z.multiline()` a message or an address (line breaks
 * and tabs allowed, the invisible marks removed too), `z.secret()` a password (kept as typed). Forms import zod from here (a lint rule says so); only the schemas of
 * data the site did not get from a form (HelloAsso's answers, a backup's manifest) use zod
 * itself.
 */

export * from "zod";

type StringParams = Parameters<typeof zod.string>[0];

export function string(params?: StringParams) {
  return secret(params).overwrite(withoutInvisible);
}

export function multiline(params?: StringParams) {
  return zod
    .string(params)
    .refine((value) => !hasControlCharacter(value), CONTROL_MESSAGE)
    .overwrite(withoutInvisible);
}

/**
 * A password: one line without control characters, kept exactly as typed (nothing removed,
 * or a password chosen with an invisible mark would stop matching its hash).
 */
export function secret(params?: StringParams) {
  return zod
    .string(params)
    .refine((value) => !hasControlCharacter(value), CONTROL_MESSAGE)
    .refine((value) => !hasLineBreak(value), LINE_BREAK_MESSAGE);
}
