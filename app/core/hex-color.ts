import * as z from "~/core/zod";

/** A colour as the admin types it and the database keeps it: #RRGGBB. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const INVALID_COLOR_MESSAGE = "Couleur invalide (format #RRGGBB)";

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}

/** The shared zod rule (forms and actions): a #RRGGBB colour, surrounding spaces trimmed. */
export const HexColorSchema = z.string().trim().regex(HEX_COLOR_PATTERN, INVALID_COLOR_MESSAGE);

/** The same, or empty (an optional custom colour); "" is kept as "". */
export const OptionalHexColorSchema = z
  .string()
  .trim()
  .refine((value) => value === "" || isHexColor(value), INVALID_COLOR_MESSAGE);
