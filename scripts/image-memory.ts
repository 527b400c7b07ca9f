/*
 * Peak memory (resident set) of the upload pipeline on the largest image it accepts
 * (MAX_IMAGE_PIXELS): docs/performance.md, "Images at the pixel limit".
 *   npx tsx scripts/image-memory.ts
 * Each image goes through receiveUpload (checks, re-encoding, WebP and AVIF variants) in
 * a fresh process on a throwaway DATA_DIR; the process reads its own peak (VmHWM).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { createDatabase, setDb } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { MAX_IMAGE_PIXELS, UPLOAD_LIMITS } from "~/storage/rules";
import { receiveUpload } from "~/storage/upload.server";

/** 4:3, the phones' photo shape, at the limit. */
const WIDTH = 8320;
const HEIGHT = Math.floor(MAX_IMAGE_PIXELS / WIDTH);

function peakKib(): number {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

async function measureOne(file: string, dataDir: string): Promise<void> {
  const db = createDatabase({ databaseUrl: null, dataDir });
  await migrateToLatest(db);
  setDb(db);
  const before = peakKib();
  const body = new FormData();
  const blob = await fs.openAsBlob(file);
  body.append("file", new File([blob], path.basename(file)));
  const started = performance.now();
  const { file: stored } = await receiveUpload(new Request("http://x/", { method: "POST", body }), {
    kind: "image",
    bucket: "site-images",
    dataDir,
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ before, peak: peakKib(), seconds, width: stored?.width }));
  await db.destroy();
}

async function main(): Promise<void> {
  if (process.argv[2] === "--one") return measureOne(process.argv[3]!, process.argv[4]!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-image-memory-"));
  try {
    // A smooth, photo-like picture (noise enlarged): its JPEG stays under the 15 Mo limit.
    const photo = sharp({
      create: {
        width: 520,
        height: 390,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    }).resize(WIDTH, HEIGHT, { kernel: "cubic" });
    const smooth = await photo.png().toBuffer();
    // The largest image accepted, and the default output of a phone (12 MP).
    const files: Record<string, string> = {};
    for (const [width, height] of [
      [WIDTH, HEIGHT],
      [4000, 3000],
    ] as const) {
      const name = `${width}x${height}`;
      const resized = sharp(smooth, { limitInputPixels: false }).resize(width, height);
      files[`${name}.jpg`] = path.join(dir, `${name}.jpg`);
      await resized.clone().jpeg({ quality: 90 }).toFile(files[`${name}.jpg`]!);
      files[`${name}.png`] = path.join(dir, `${name}.png`);
      await resized.clone().png({ compressionLevel: 9 }).toFile(files[`${name}.png`]!);
    }
    // A flat picture compresses to little: the worst case the file size does not stop.
    files["8320x6250-uni.png"] = path.join(dir, "flat.png");
    await sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#5ecfcb" },
      limitInputPixels: false,
    })
      .png()
      .toFile(files["8320x6250-uni.png"]);
    console.log(
      `Limite : ${WIDTH} × ${HEIGHT} = ${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP, ${os.availableParallelism()} cœurs`,
    );
    const script = fileURLToPath(import.meta.url);
    for (const [name, file] of Object.entries(files)) {
      const size = fs.statSync(file).size;
      if (size > UPLOAD_LIMITS.image) {
        console.log(`${name}: ${(size / 2 ** 20).toFixed(1)} Mio, au-delà de la limite de taille`);
        continue;
      }
      const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
      const run = spawnSync(process.execPath, ["--import", "tsx", script, "--one", file, dataDir], {
        encoding: "utf8",
      });
      if (run.status !== 0) throw new Error(run.stderr);
      const result = JSON.parse(run.stdout.trim().split("\n").pop()!) as {
        before: number;
        peak: number;
        seconds: number;
      };
      console.log(
        `${name}: ${(size / 2 ** 20).toFixed(1)} Mio, pic ${Math.round(result.peak / 1024)} Mio ` +
          `(${Math.round(result.before / 1024)} Mio avant), ${result.seconds.toFixed(1)} s`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
