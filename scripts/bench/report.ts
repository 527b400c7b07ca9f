// The report scripts/bench.ts prints and keeps (docs/performance.md), and its units.
import os from "node:os";

export const lines: string[] = [];
export function out(line = "") {
  lines.push(line);
  console.log(line);
}
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const verdict = (ok: boolean) => (ok ? "tenu" : "NON TENU");

/** A report's first lines: when, and the load (other work on the same cores skews every figure). */
export function outStart() {
  out(`Date : ${new Date().toISOString()}`);
  out(
    `Charge moyenne (1, 5, 15 min) au début : ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} ; ${os.cpus().length} cœurs`,
  );
}
