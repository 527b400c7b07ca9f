import type { Generated } from "kysely";

/*
 * The column types every domain's tables use. Portable types only
 * (docs/decisions/001-portable-schema.md): booleans are 0/1 integers, JSON is text, timestamps are
 * ISO-8601 UTC text. The models map them to booleans, arrays and objects.
 */

export type Id = Generated<number>;
export type Stamp = string;
/** A column with a database default: optional on insert. */
export type Default<T> = Generated<T>;
