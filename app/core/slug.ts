const LIGATURES: Record<string, string> = {
  œ: "oe",
  Œ: "OE",
  æ: "ae",
  Æ: "AE",
  ß: "ss",
  ẞ: "SS",
};

/** Replaces ligatures and strips diacritics ("Œuvre été" → "OEuvre ete"). */
export function removeAccents(text: string): string {
  return text
    .replace(/[œŒæÆßẞ]/g, (char) => LIGATURES[char] ?? char)
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
}

/** Builds a URL slug: lowercase ASCII letters and digits separated by single hyphens. */
export function slugify(text: string): string {
  return removeAccents(text.toLowerCase())
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
