import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { illustrationJpeg } from "~/storage/placeholder.server";
import { encodeVariants } from "~/storage/variants.server";
import {
  ALL_SEED_PICTURES,
  PREPARED_MANIFEST,
  preparedKey,
  type PreparedManifest,
  type SeedPicture,
} from "./seed-images.server";

/**
 * Draws and encodes every seed picture into `dir` (BUILD_DIR/seed-pictures, by
 * scripts/build.js), replacing what it held: the built server's first start copies them
 * (seedImage) instead of drawing 17 illustrations and encoding 102 variants again.
 */
export async function prepareSeedPictures(
  dir: string,
  pictures: SeedPicture[] = ALL_SEED_PICTURES,
): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  const manifest: PreparedManifest = {};
  const unique = [...new Map(pictures.map((picture) => [preparedKey(picture), picture])).values()];
  // One picture per core at a time: drawing and encoding one keeps about one core busy.
  const queue = [...unique];
  const worker = async () => {
    for (let picture = queue.shift(); picture; picture = queue.shift()) {
      const key = preparedKey(picture);
      const base = path.join(dir, key);
      fs.mkdirSync(path.dirname(base), { recursive: true });
      const jpeg = await illustrationJpeg(picture.scene);
      fs.writeFileSync(`${base}.jpg`, jpeg);
      const variants = await encodeVariants({ input: jpeg, absoluteBase: base, urlBase: "" });
      manifest[key] = variants.map(({ url, ...variant }) => ({ suffix: url, variant }));
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  fs.writeFileSync(path.join(dir, PREPARED_MANIFEST), JSON.stringify(manifest));
}
