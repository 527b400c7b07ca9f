import { AsyncLocalStorage } from "node:async_hooks";
import type { KyselyPlugin } from "kysely";

/**
 * The tables a piece of work (a page's render) read through Kysely, for the page cache
 * (server/page-cache.ts): a page is kept while none of them moved. `complete` is false
 * once a query named tables the plugin cannot see (raw SQL with a FROM or a JOIN).
 */
export interface TablesRead {
  tables: Set<string>;
  complete: boolean;
}

const current = new AsyncLocalStorage<TablesRead>();

/** Runs `work` (and everything it starts) while noting the tables its queries name. */
export function trackTablesRead(work: () => void): TablesRead {
  const reads: TablesRead = { tables: new Set(), complete: true };
  current.run(reads, work);
  return reads;
}

const NAMES_TABLES = /\b(from|join|into|update)\b/i;

/** Walks a query's operation tree: every TableNode is a table read (or written). */
function collect(node: unknown, reads: TablesRead): void {
  if (typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) {
    for (const child of node) collect(child, reads);
    return;
  }
  const { kind } = node as { kind?: unknown };
  // A column's table (`p.id`) is one the FROM or a JOIN already names, or its alias.
  if (kind === "ReferenceNode") return;
  if (kind === "TableNode") {
    const { table } = node as { table: { identifier: { name: string } } };
    reads.tables.add(table.identifier.name);
    return;
  }
  if (kind === "RawNode") {
    const { sqlFragments } = node as { sqlFragments: readonly string[] };
    if (sqlFragments.some((fragment) => NAMES_TABLES.test(fragment))) reads.complete = false;
  }
  for (const child of Object.values(node)) collect(child, reads);
}

/** Installed on every database handle (client.server.ts); idle outside trackTablesRead. */
export const tablesReadPlugin: KyselyPlugin = {
  transformQuery({ node }) {
    const reads = current.getStore();
    if (reads) collect(node, reads);
    return node;
  },
  transformResult: async ({ result }) => result,
};
