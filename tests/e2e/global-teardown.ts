import fs from "node:fs";

/** Removes the throwaway DATA_DIR that playwright.config.ts made for this run. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_TEMPORARY === "1") {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
