/*
 * What the attestation's PDF embeds besides its text: the fonts, read from the
 * @expo-google-fonts/noto-sans package at run time (Noto Sans covers Latin Extended and
 * Vietnamese, so « Łukasz Nguyễn » prints as typed), and the signature set in Paramètres.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { getFileStore } from "~/storage/file-store.server";
import { parseUploadUrl } from "~/storage/paths.server";

export interface AttestationFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fonts: Promise<AttestationFonts> | undefined;

/**
 * The two TrueType files, read once per process. Resolved as a package's files (from the
 * server build as from the sources), never copied into the build.
 */
export function attestationFonts(): Promise<AttestationFonts> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const read = (name: string) =>
      readFile(require.resolve(`@expo-google-fonts/noto-sans/${name}`)).then(
        (bytes) => new Uint8Array(bytes),
      );
    const [regular, bold] = await Promise.all([
      read("400Regular/NotoSans_400Regular.ttf"),
      read("700Bold/NotoSans_700Bold.ttf"),
    ]);
    return { regular, bold };
  })();
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

/** The signature as PNG or JPEG bytes (what a PDF embeds), or null when unset or missing. */
export async function signatureImage(
  url: string,
): Promise<{ format: "png" | "jpg"; bytes: Uint8Array } | null> {
  const place = url ? parseUploadUrl(url) : null;
  if (!place) return null;
  const file = await (await getFileStore()).get(`${place.bucket}/${place.storagePath}`);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
  const bytes = Buffer.concat(chunks);
  if (file.contentType === "image/png") return { format: "png", bytes };
  if (file.contentType === "image/jpeg") return { format: "jpg", bytes };
  // A WebP or AVIF upload (checked and re-encoded on upload): drawn as PNG.
  const { default: sharp } = await import("sharp");
  return { format: "png", bytes: await sharp(bytes).png().toBuffer() };
}
