// Which kept pages a write leaves current: a page notes the tables its render read, with
// their versions; when the site's content version moves, a page whose tables all kept
// theirs stays (docs/decisions/004-page-cache.md).

/** The site's content version and each table's (SQLite). */
export interface TableVersions {
  version: string;
  tables: Map<string, string>;
}

/** The tables a render read; `complete` is false when a query could not be read. */
export interface TablesRead {
  tables: Set<string>;
  complete: boolean;
}

/**
 * The tables a render depends on, with their versions before it; null (every table) when
 * it cannot be known: no versions per table, a query the tracker could not read, no table
 * at all, a table without its own version, or a write between the version the render is
 * tagged with and the tables' read.
 */
export function dependencies(
  version: string,
  before: TableVersions | null,
  reads: TablesRead | null,
): Map<string, string> | null {
  // A page reads the site's settings at least: nothing noted means the tracking missed it.
  if (!before || !reads?.complete || reads.tables.size === 0 || before.version !== version) {
    return null;
  }
  const tables = new Map<string, string>();
  for (const table of reads.tables) {
    const tableVersion = before.tables.get(table);
    if (tableVersion === undefined) return null;
    tables.set(table, tableVersion);
  }
  return tables;
}

/** True when every table of `tables` still has its version in `now`. */
export function unchanged(tables: Map<string, string>, now: Map<string, string>): boolean {
  for (const [table, version] of tables) if (now.get(table) !== version) return false;
  return true;
}
