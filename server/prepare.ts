// The first start's preparation (migrations, seed, first admin: prepareApp) run in a
// short-lived child process. The seed re-encodes the default images with sharp, and
// libvips' threads leave their malloc arenas behind: ~450 MB that a server process would
// keep resident for its whole life. A child gives all of it back when it exits
// (docs/decisions/004-page-cache.md, "Memory").
import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";

/**
 * Runs the build's prepareApp in a child process and waits for it; rejects with its exit
 * code. The child inherits the environment and the terminal (the first admin's password
 * is printed there). `build`: the path of the server build (build/server/index.js).
 */
export function prepareInChild(build: string): Promise<void> {
  const script = `const mod = await import(${JSON.stringify(pathToFileURL(build).href)});
await mod.prepareApp();
process.exit(0);`;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: "inherit",
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Préparation de la base interrompue (${signal ?? `code ${code}`})`));
    });
  });
}
