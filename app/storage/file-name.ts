import { removeAccents } from "~/core/slug";

export const MAX_FILE_NAME_LENGTH = 120;
const FALLBACK_NAME = "fichier";

/** Safe upload file name: no directories, ASCII [A-Za-z0-9._-] only, no leading dot. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const safe = removeAccents(base)
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\.+/, "");
  if (safe === "") return FALLBACK_NAME;
  if (safe.length <= MAX_FILE_NAME_LENGTH) return safe;

  const dot = safe.lastIndexOf(".");
  const extension = dot > 0 ? safe.slice(dot) : "";
  if (extension.length >= MAX_FILE_NAME_LENGTH) return safe.slice(0, MAX_FILE_NAME_LENGTH);
  return safe.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
}

/** Unique stored name: "<timestamp>-<sanitized name>". */
export function timestampedName(original: string, now = Date.now()): string {
  return `${now}-${sanitizeFileName(original)}`;
}
