import fs from "node:fs";
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
  for (const picture of pictures) {
    const key = preparedKey(picture);
    if (manifest[key]) continue;
    const base = path.join(dir, key);
    fs.mkdirSync(path.dirname(base), { recursive: true });
    const jpeg = await illustrationJpeg(picture.scene);
    fs.writeFileSync(`${base}.jpg`, jpeg);
    const variants = await encodeVariants({ input: jpeg, absoluteBase: base, urlBase: "" });
    manifest[key] = variants.map(({ url, ...variant }) => ({ suffix: url, variant }));
  }
  fs.writeFileSync(path.join(dir, PREPARED_MANIFEST), JSON.stringify(manifest));
}
