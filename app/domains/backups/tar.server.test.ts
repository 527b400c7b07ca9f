import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { readTar, TAR_END, tarHeader, tarPadding } from "./tar.server";
import { archiveStream } from "./verify.server";

const files: [string, Buffer][] = [
  ["manifest.json", Buffer.from("{}")],
  [`uploads/images/${"é".repeat(70)}.webp`, Buffer.alloc(512, 7)],
  ["tables/01-vide.ndjson", Buffer.alloc(0)],
  ["uploads/documents/gros.pdf", Buffer.alloc(70_000, 1)],
];

function tarBytes(): Buffer {
  const parts = files.flatMap(([name, body]) => [
    tarHeader(name, body.length),
    body,
    tarPadding(body.length),
  ]);
  return Buffer.concat([...parts, TAR_END]);
}

describe("the archive's tar", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-tar-"));
  const file = path.join(dir, "a.tar.gz");
  fs.writeFileSync(file, gzipSync(tarBytes()));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads back every entry, long UTF-8 names, empty and multi-block bodies", async () => {
    const read: [string, Buffer][] = [];
    await readTar(archiveStream(file), async (entry, body) => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk);
      read.push([entry.name, Buffer.concat(chunks)]);
    });
    expect(read).toEqual(files);
  });

  it("skips what a reader leaves unread", async () => {
    const names: string[] = [];
    await readTar(archiveStream(file), async (entry) => {
      names.push(entry.name);
    });
    expect(names).toEqual(files.map(([name]) => name));
  });

  it("is read by GNU tar, names and sizes alike", () => {
    const listing = execFileSync("tar", ["-tvzf", file], { encoding: "utf8" });
    for (const [name, body] of files)
      expect(listing).toMatch(new RegExp(`\\s${body.length} .*${name.replace(/[.]/g, "\\.")}`));
  });

  it("refuses an archive cut in the middle of a file", async () => {
    const cut = path.join(dir, "cut.tar.gz");
    fs.writeFileSync(cut, gzipSync(tarBytes().subarray(0, 4096)));
    await expect(readTar(archiveStream(cut), async () => {})).rejects.toThrow("Archive tronquée");
  });
});
