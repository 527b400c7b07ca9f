import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prepareSeedPictures } from "~/startup/prepare-seed-pictures.server";
import { SEED_PICTURES, seedImage } from "~/startup/seed-images.server";

// Drawing and encoding a picture takes sharp a second or two: one picture, a few times.
const TIMEOUT = 120_000;
const picture = SEED_PICTURES.hero;
const made: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-prepared-"));
  made.push(dir);
  return dir;
}

/** Every file the seed wrote for the picture, by name, with its bytes. */
function storedFiles(dataDir: string): Record<string, Buffer> {
  const dir = path.join(dataDir, "uploads", picture.bucket);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((name) => name.startsWith(picture.name))
      .map((name) => [name, fs.readFileSync(path.join(dir, name))]),
  );
}

// This file compares seeds with and without prepared pictures: not with the run's
// (tests/setup/seed-pictures.ts), so a seed here draws and encodes unless a test prepares.
delete process.env.CLUB_PREPARED_PICTURES;

afterEach(() => {
  delete process.env.CLUB_PREPARED_PICTURES;
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the seed pictures the build prepares", () => {
  it(
    "are copied by a fresh install to the same files and variants as drawing and encoding them",
    async () => {
      const encodedDir = tempDir();
      const encoded = await seedImage(encodedDir, picture);

      const prepared = tempDir();
      await prepareSeedPictures(prepared, [picture]);
      process.env.CLUB_PREPARED_PICTURES = prepared;
      const copiedDir = tempDir();
      const copied = await seedImage(copiedDir, picture);

      expect(copied).toEqual(encoded);
      expect(encoded.variants).toHaveLength(6);
      const files = storedFiles(copiedDir);
      expect(Object.keys(files).sort()).toEqual(Object.keys(storedFiles(encodedDir)).sort());
      for (const [name, bytes] of Object.entries(storedFiles(encodedDir))) {
        expect(files[name]?.equals(bytes), name).toBe(true);
      }
      // Copied, not encoded: a prepared file marked is the file stored.
      const marked = path.join(prepared, picture.bucket, `${picture.name}-480.avif`);
      fs.writeFileSync(marked, "prepared by the build");
      const markedDir = tempDir();
      await seedImage(markedDir, picture);
      expect(storedFiles(markedDir)[`${picture.name}-480.avif`]?.toString()).toBe(
        "prepared by the build",
      );
    },
    TIMEOUT,
  );

  it(
    "are not used for a picture whose original differs, nor when the folder is not whole",
    async () => {
      const prepared = tempDir();
      await prepareSeedPictures(prepared, [picture]);
      const fake = path.join(prepared, picture.bucket, `${picture.name}-480.webp`);
      fs.writeFileSync(fake, "not a picture");
      process.env.CLUB_PREPARED_PICTURES = prepared;
      const dataDir = tempDir();
      // A stored original that is not the prepared one: its variants are encoded from it.
      const other = fs.readFileSync(path.join(prepared, picture.bucket, `${picture.name}.jpg`));
      const at = other.length - 3;
      other.writeUInt8(other.readUInt8(at) ^ 0xff, at);
      const uploads = path.join(dataDir, "uploads", picture.bucket);
      fs.mkdirSync(uploads, { recursive: true });
      fs.writeFileSync(path.join(uploads, `${picture.name}.jpg`), other);
      await seedImage(dataDir, picture);
      expect(fs.readFileSync(path.join(uploads, `${picture.name}-480.webp`)).toString()).not.toBe(
        "not a picture",
      );

      // A variant missing from the folder: the picture is drawn and encoded as without it.
      fs.rmSync(fake);
      const another = tempDir();
      const image = await seedImage(another, picture);
      expect(image.variants).toHaveLength(6);
      expect(
        fs.existsSync(path.join(another, "uploads", picture.bucket, `${picture.name}-480.webp`)),
      ).toBe(true);
    },
    TIMEOUT,
  );
});
