// Last step of the build (scripts/build.js): a brotli (.br) and a gzip (.gz) copy beside
// each text file of BUILD_DIR/client/assets, at the highest levels, since it is done once
// per build. server/assets.ts sends them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".txt", ".woff"]);

/** @param {string} dir @returns {{ files: number, bytes: number, gzip: number, brotli: number }} */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, gzip: 0, brotli: 0 };
  for (const name of fs.readdirSync(dir)) {
    if (!COMPRESSIBLE.has(path.extname(name))) continue;
    const file = path.join(dir, name);
    const bytes = fs.readFileSync(file);
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    // A copy that saves nothing would only cost a disk read.
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.gzip += gz.length;
    totals.brotli += br.length;
  }
  return totals;
}

/**
 * Precompresses BUILD_DIR/client/assets and says what it saved.
 * @param {string} buildDir
 */
export function precompressBuild(buildDir) {
  const totals = precompress(path.join(buildDir, "client/assets"));
  const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `Précompression : ${totals.files} fichiers, ${kb(totals.bytes)} → gzip ${kb(totals.gzip)}, brotli ${kb(totals.brotli)}`,
  );
}
