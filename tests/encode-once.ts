import { createHash } from "node:crypto";
import fs from "node:fs";
import type * as Variants from "~/storage/variants.server";

type EncodeVariants = typeof Variants.encodeVariants;

/**
 * The variants module with encodeVariants run once per picture for the test file: the seed
 * draws the same pictures at each run and sharp encodes the same bytes from the same input,
 * so a second encoding writes the first one's files again (same names, same bytes) instead of
 * paying sharp's AVIF encoder once more. For the tests that seed many times:
 * vi.mock("~/storage/variants.server", async (load) => (await import(…)).encodingOnce(load)).
 */
export async function encodingOnce(load: <T>() => Promise<T>): Promise<typeof Variants> {
  const original = await load<typeof Variants>();
  const encoded = new Map<
    string,
    { suffix: string; bytes: Buffer; variant: Variants.ImageVariant }[]
  >();
  const encodeVariants: EncodeVariants = async (options) => {
    const key = createHash("sha256").update(options.input).digest("hex");
    let files = encoded.get(key);
    if (!files) {
      const variants = await original.encodeVariants(options);
      files = variants.map((variant) => {
        const suffix = variant.url.slice(options.urlBase.length);
        return { suffix, bytes: fs.readFileSync(options.absoluteBase + suffix), variant };
      });
      encoded.set(key, files);
      return variants;
    }
    return files.map(({ suffix, bytes, variant }) => {
      fs.writeFileSync(options.absoluteBase + suffix, bytes);
      return { ...variant, url: options.urlBase + suffix };
    });
  };
  return { ...original, encodeVariants };
}
