import fs from "node:fs";
import path from "node:path";

/*
 * Which test files reach the database, read from their imports (vitest.config.ts): a file
 * whose imports, followed through the project's own modules, reach app/db/ or a database
 * driver, or that names TEST_DATABASE_URL. The others are pure: they get no database, and
 * the PostgreSQL run skips them (they ran on SQLite already). A new test that imports a
 * model is a database test without anyone listing it.
 */

const DRIVERS = new Set(["pg", "better-sqlite3"]);
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

function resolve(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const stem = base.replace(/\.js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${base}.js`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The `*.test.ts` files under these folders, as paths from root. */
export function testFilesUnder(root: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => path.join(folder, name)),
  );
}

export function databaseTestFiles(root: string, testFiles: string[]): Set<string> {
  const databaseDir = path.join(root, "app", "db") + path.sep;
  const edges = new Map<string, { direct: boolean; imports: string[] }>();

  function read(file: string) {
    let known = edges.get(file);
    if (!known) {
      const text = fs.readFileSync(file, "utf8");
      known = {
        direct: file.startsWith(databaseDir) || text.includes("TEST_DATABASE_URL"),
        imports: [],
      };
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1]!;
        if (DRIVERS.has(specifier)) known.direct = true;
        const target = resolve(root, file, specifier);
        if (target) known.imports.push(target);
      }
      edges.set(file, known);
    }
    return known;
  }

  function reachesDatabase(start: string): boolean {
    // Breadth first; a Set iterates over what is added while it runs, each file once.
    const seen = new Set([start]);
    for (const file of seen) {
      const { direct, imports } = read(file);
      if (direct) return true;
      for (const next of imports) seen.add(next);
    }
    return false;
  }

  return new Set(testFiles.filter((file) => reachesDatabase(path.resolve(root, file))));
}
