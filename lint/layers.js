/*
 * The direction of imports (docs/decisions/027-domain-shape.md), as two ESLint rules:
 * - `layers/direction`: the shared layer (app/core, app/db, app/storage, app/utils) imports no
 *   domain, no screen and no route; a domain (app/domains/<name>) imports no screen or route, and
 *   reaches another domain only through that domain's public module (`index.ts` for what the
 *   browser may load, `index.server.ts` for the rest). Tests may import anything they test.
 * - `layers/no-cycle`: no file of app/ or server/ reaches itself through its imports, type imports
 *   included (a cycle makes the order of module start-up decide what a module sees).
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];
const SHARED = ["app/core/", "app/db/", "app/storage/", "app/utils/"];

/** @param {string} file repository-relative, forward slashes */
export function layerOf(file) {
  if (SHARED.some((prefix) => file.startsWith(prefix))) return { layer: "shared" };
  const domain = /^app\/domains\/([^/]+)\//.exec(file);
  if (domain) return { layer: "domain", domain: domain[1] };
  if (file.startsWith("app/components/")) return { layer: "screen" };
  if (!/^(app|server)\//.test(file)) return { layer: "outside" };
  if (file.startsWith("app/routes/") || /^app\/(root|routes|entry\.[a-z]+)\.tsx?$/.test(file))
    return { layer: "route" };
  return { layer: "top" };
}

/**
 * The repository-relative file an import names, or null for a package.
 * @param {string} specifier
 * @param {string} fromFile
 */
export function resolveImport(specifier, fromFile) {
  let base;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith("."))
    base = path.posix.join(path.posix.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (
      fs.existsSync(path.join(ROOT, candidate)) &&
      fs.statSync(path.join(ROOT, candidate)).isFile()
    )
      return candidate;
  }
  return base;
}

const PUBLIC_MODULE = /^app\/domains\/[^/]+\/index(\.server)?(\.tsx?)?$/;

/**
 * Why importing `target` from `file` climbs a layer, or null when it may.
 * @param {string} file
 * @param {string} target
 */
export function climbs(file, target) {
  const from = layerOf(file);
  const to = layerOf(target);
  if (from.layer === "shared" && to.layer !== "shared" && to.layer !== "outside")
    return "the shared layer (core, db, storage, utils) imports no domain, screen or route";
  if (from.layer === "domain") {
    if (to.layer === "screen" || to.layer === "route" || to.layer === "top")
      return "a domain imports no screen, route or start-up code";
    if (to.layer === "domain" && to.domain !== from.domain && !PUBLIC_MODULE.test(target))
      return `another domain is reached through its public module (~/domains/${to.domain}/index or index.server)`;
  }
  return null;
}

/** @param {string} filename */
function relative(filename) {
  return path.relative(ROOT, filename).split(path.sep).join("/");
}

/** Every static import of a module, type imports included. */
const IMPORT =
  /^\s*(?:import|export)\s[^'";]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;

/** @type {Map<string, string[]> | undefined} */
let cached;
function importGraph() {
  if (cached) return cached;
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(path.join(ROOT, file), "utf8");
        const targets = [];
        for (const match of source.matchAll(IMPORT)) {
          const target = resolveImport(match[1] ?? match[2] ?? "", file);
          if (target) targets.push(target);
        }
        graph.set(file, targets);
      }
    }
  };
  walk("app");
  walk("server");
  cached = graph;
  return graph;
}

/**
 * A path of imports from `start` back to itself through `first`, or null.
 * @param {string} start
 * @param {string} first
 * @param {Map<string, string[]>} [edges]
 */
export function cycleThrough(start, first, edges = importGraph()) {
  const seen = new Set();
  const stack = [[first, [start, first]]];
  while (stack.length > 0) {
    const [file, trail] = /** @type {[string, string[]]} */ (stack.pop());
    if (file === start) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of edges.get(file) ?? []) stack.push([next, [...trail, next]]);
  }
  return null;
}

/** @param {(file: string, specifier: string, node: any, context: any) => void} check */
function onImports(check) {
  return (/** @type {any} */ context) => {
    const file = relative(context.filename);
    if (!/^(app|server)\//.test(file)) return {};
    const visit = (/** @type {any} */ node) => {
      if (node.source && typeof node.source.value === "string")
        check(file, node.source.value, node, context);
    };
    return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
  };
}

/** @type {import("eslint").Rule.RuleModule} */
export const direction = {
  meta: { type: "problem", schema: [] },
  create: onImports((file, specifier, node, context) => {
    if (/\.test\.tsx?$/.test(file)) return;
    const target = resolveImport(specifier, file);
    const reason = target && climbs(file, target);
    if (reason) context.report({ node, message: `${specifier}: ${reason}.` });
  }),
};

/** @type {import("eslint").Rule.RuleModule} */
export const noCycle = {
  meta: { type: "problem", schema: [] },
  create: onImports((file, specifier, node, context) => {
    if (/\.test\.tsx?$/.test(file)) return;
    const target = resolveImport(specifier, file);
    const trail = target && cycleThrough(file, target);
    if (trail) context.report({ node, message: `import cycle: ${trail.join(" → ")}.` });
  }),
};

export default { rules: { direction, "no-cycle": noCycle } };
