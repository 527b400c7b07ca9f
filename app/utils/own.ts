/**
 * `record[key]` when `key` is the record's own property, else undefined. For lookups keyed
 * by stored or received text: a plain `record[key]` answers "constructor", "__proto__" or
 * "valueOf" with what Object.prototype holds.
 */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
