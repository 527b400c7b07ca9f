// What the bench drives: a command with a time limit, one HTTP GET at a time, wrk, and
// the resident memory of a server's processes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { lines } from "./report";

/** Runs a command with a time limit; resolves with its output. */
export function run(cmd: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${cmd} ${args.join(" ")} : code ${code}\n${output.slice(-2000)}`));
    });
  });
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
export function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const request = http.get(url, { agent, headers, timeout: 10_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: res.headers,
          }),
        );
      });
      request.on("timeout", () => request.destroy(new Error(`délai dépassé : ${url}`)));
      request.on("error", reject);
    },
  );
}

/** Resident memory of a process and its children (the server runs one process per core). */
export function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const own = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number);
  return children.reduce((sum, child) => sum + rssKb(child), own);
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: string;
}

function toMs(text: string): number {
  const match = text.match(/([\d.]+)(us|ms|s)/);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/**
 * The load generator's priority (nice). Phones do not run on the server; here wrk shares the
 * two cores with what it measures, and at equal priority the kernel left a woken process
 * (a PostgreSQL backend answering a save) up to 1 s behind it (docs/performance.md).
 */
const WRK_NICE = "10";

export async function wrk(
  url: string,
  duration = "10s",
  { connections = 50, args = [] as string[], paths = [] as string[] } = {},
): Promise<WrkResult> {
  const output = await run(
    "nice",
    [
      "-n",
      WRK_NICE,
      "wrk",
      "-d",
      duration,
      "-c",
      String(connections),
      "-t",
      "2",
      "--timeout",
      "5s",
      "--latency",
      ...args,
      url,
      ...(paths.length > 0 ? ["--", ...paths] : []),
    ],
    (Number.parseInt(duration, 10) + 30) * 1000,
  );
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = toMs(output.match(/\s50%\s+(\S+)/)?.[1] ?? "");
  const p99 = toMs(output.match(/\s99%\s+(\S+)/)?.[1] ?? "");
  const errors = [
    output.match(/Non-2xx or 3xx responses: \d+/)?.[0],
    output.match(/Socket errors:.*/)?.[0],
  ]
    .filter(Boolean)
    .join("; ");
  return { rps, p50, p99, errors };
}

/**
 * Runs a bench entry point: its report is also written to BENCH_OUTPUT when set (and to
 * `keep`), the keep-alive agent is closed, and a failure exits non-zero.
 */
export function runBench(main: () => Promise<void>, keep?: string) {
  main().then(
    () => {
      const report = `${lines.join("\n")}\n`;
      if (keep) fs.writeFileSync(keep, report);
      if (process.env.BENCH_OUTPUT) fs.writeFileSync(process.env.BENCH_OUTPUT, report);
      agent.destroy();
    },
    (error: unknown) => {
      agent.destroy();
      console.error(error);
      process.exit(1);
    },
  );
}
