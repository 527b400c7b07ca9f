/**
 * The guard of a vocabulary (a map of keys to their French words): whether a value read
 * from a form, a URL or a column is one of its keys. Own keys only, so "toString" is not.
 */
export function keyGuard<T extends object>(map: T) {
  return (value: unknown): value is keyof T & string =>
    typeof value === "string" && Object.hasOwn(map, value);
}
