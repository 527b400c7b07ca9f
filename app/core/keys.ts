/**
 * The guard of a vocabulary (a map of keys to their French words): whether a value read
 * from a form, a URL or a column is one of its keys. Own keys only, so "toString" is not.
 */
export function keyGuard<T extends object>(map: T) {
  return (value: unknown): value is keyof T & string =>
    typeof value === "string" && Object.hasOwn(map, value);
}

/**
 * The French word of a value in a vocabulary, or the value itself when the vocabulary no
 * longer knows it (a word stored before it was renamed or dropped). Own keys only.
 */
export function wordOf(map: Readonly<Record<string, string>>, value: string): string {
  return (Object.hasOwn(map, value) ? map[value] : undefined) ?? value;
}
