// The machine and the tools the figures were measured with.
import os from "node:os";
import { env } from "./environment";
import { run } from "./clients";
import { out, outStart } from "./report";

export async function machine() {
  const cpu = os.cpus();
  const version = async (cmd: string, args: string[]) =>
    (await run(cmd, args, 10_000).catch((error: Error) => error.message))
      .split("\n")
      .find((line) => /\d+\.\d+/.test(line))
      ?.trim() ?? "?";
  outStart();
  out(
    `Machine : ${cpu.length} cœurs (${cpu[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} Gio, ${os.type()} ${os.release()}`,
  );
  out(
    `Outils : Node ${process.version}, ${await version(env("BENCH_NGINX_BIN"), ["-v"])}, ${await version("wrk", ["-v"])}, Chromium ${await version("dpkg-query", ["-W", "-f", "${Version}", "chromium"])}`,
  );
}
