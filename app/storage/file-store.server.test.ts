import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "~/core/env.server";
import { startTestS3, type TestS3 } from "../../tests/s3-server";
import { createDiskStore, FileExistsError, type FileStore } from "./file-store.server";
import { createS3Store } from "./s3-store.server";

/*
 * The file stores' contract, the same tests on both: the local disk (a folder of its own)
 * and S3 (a real s3rver on loopback, tests/s3-server.ts).
 */

let s3: TestS3;
let diskRoot: string;
beforeAll(async () => {
  s3 = await startTestS3();
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), "club-disk-store-"));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ["disque local", () => createDiskStore(diskRoot)],
  ["S3 (s3rver)", () => createS3Store(readEnv(s3.env).s3!)],
];

let counter = 0;
/** A key of its own for each test, so the two stores' tests never meet. */
const freshFolder = () => `site-images/t${Date.now()}${(counter += 1)}`;

const bytesOf = async (store: FileStore, key: string) => {
  const file = await store.get(key);
  return file ? (await buffer(file.stream)).toString() : null;
};

describe.each(stores)("%s", (_name, make) => {
  it("stores a file from a path, bytes or a stream, and gives it back with its size and type", async () => {
    const store = make();
    const folder = freshFolder();
    const temp = path.join(diskRoot, ".source");
    fs.writeFileSync(temp, "depuis un fichier");
    await store.put(`${folder}/a.png`, { path: temp });
    await store.put(`${folder}/b.pdf`, { data: Buffer.from("%PDF-1.4 octets") });
    await store.put(`${folder}/c.webp`, {
      stream: Readable.from([Buffer.from("en "), Buffer.from("flux")]),
    });
    expect(fs.readFileSync(temp, "utf8")).toBe("depuis un fichier");

    const a = await store.get(`${folder}/a.png`);
    expect(a).toMatchObject({ size: 17, contentType: "image/png" });
    expect(a!.etag).toMatch(/^"[^"]+"$/);
    expect((await buffer(a!.stream)).toString()).toBe("depuis un fichier");
    expect(await bytesOf(store, `${folder}/b.pdf`)).toBe("%PDF-1.4 octets");
    const pdf = await store.get(`${folder}/b.pdf`);
    pdf!.stream.destroy();
    expect(pdf!.contentType).toBe("application/pdf");
    expect(await bytesOf(store, `${folder}/c.webp`)).toBe("en flux");
    expect(await store.exists(`${folder}/a.png`)).toBe(true);
  });

  it("never overwrites a key: the second put is refused and the first file stays", async () => {
    const store = make();
    const key = `${freshFolder()}/1700000000000-photo.jpg`;
    await store.put(key, { data: Buffer.from("premier") });
    await expect(store.put(key, { data: Buffer.from("second") })).rejects.toBeInstanceOf(
      FileExistsError,
    );
    await expect(
      store.put(key, { stream: Readable.from([Buffer.from("troisième")]) }),
    ).rejects.toMatchObject({ code: "EEXIST" });
    expect(await bytesOf(store, key)).toBe("premier");
  });

  it("answers absent keys without error, and deletes", async () => {
    const store = make();
    const key = `${freshFolder()}/absent.png`;
    expect(await store.get(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
    await store.delete(key);
    await store.put(key, { data: Buffer.from("x") });
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it("lists the keys under a prefix, at any depth, sorted, and nothing else", async () => {
    const store = make();
    const folder = freshFolder();
    for (const key of [
      `${folder}/b.png`,
      `${folder}/a.png`,
      `${folder}/blog/c.png`,
      `${folder}x/d.png`,
    ]) {
      await store.put(key, { data: Buffer.from(key) });
    }
    const listed = await store.list(`${folder}/`);
    expect(listed.map((entry) => entry.key)).toEqual([
      `${folder}/a.png`,
      `${folder}/b.png`,
      `${folder}/blog/c.png`,
    ]);
    expect(listed[0]!.size).toBe(`${folder}/a.png`.length);
    expect(Math.abs(listed[0]!.modifiedMs - Date.now())).toBeLessThan(60_000);
    expect((await store.list(`${folder}/b`)).map((entry) => entry.key)).toEqual([
      `${folder}/b.png`,
      `${folder}/blog/c.png`,
    ]);
    expect(await store.list("site-documents/rien/")).toEqual([]);
  });

  it("gives a byte range, and the whole file for a range past its end", async () => {
    const store = make();
    const key = `${freshFolder()}/video.mp4`;
    await store.put(key, { data: Buffer.from("0123456789") });
    const part = await store.get(key, { range: { start: 2, end: 5 } });
    expect(part).toMatchObject({ size: 4, contentRange: "bytes 2-5/10", contentType: "video/mp4" });
    expect((await buffer(part!.stream)).toString()).toBe("2345");
    const rest = await store.get(key, { range: { start: 7 } });
    expect((await buffer(rest!.stream)).toString()).toBe("789");
    const past = await store.get(key, { range: { start: 50 } });
    expect(past!.contentRange).toBeUndefined();
    expect((await buffer(past!.stream)).toString()).toBe("0123456789");
  });

  it("refuses keys that leave the uploads or name a hidden file", async () => {
    const store = make();
    for (const key of [
      "../x.png",
      "site-images/../../x.png",
      "x.png",
      ".tmp/a.part",
      "site-images//a.png",
      "/etc/passwd",
    ]) {
      await expect(store.put(key, { data: Buffer.from("x") }), key).rejects.toThrow(
        "Chemin de fichier invalide",
      );
      await expect(store.get(key), key).rejects.toThrow("Chemin de fichier invalide");
    }
  });
});

describe("S3_PUBLIC_URL", () => {
  it("gives the object's public address; the disk store has none", () => {
    const settings = readEnv({ ...s3.env, S3_PUBLIC_URL: "https://fichiers.example/club/" }).s3!;
    expect(createS3Store(settings).publicUrl("site-images/a.png")).toBe(
      "https://fichiers.example/club/uploads/site-images/a.png",
    );
    expect(createDiskStore(diskRoot).publicUrl("site-images/a.png")).toBeNull();
  });
});
