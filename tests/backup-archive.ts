/* For the backup's tests: an archive rewritten entry by entry (small archives only). */
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { TAR_END, readTar, tarHeader, tarPadding } from "~/domains/backups/tar.server";
import { archiveStream } from "~/domains/backups/verify.server";

export async function rewriteArchive(
  from: string,
  to: string,
  change: (name: string, body: Buffer) => Buffer,
): Promise<void> {
  const parts: Buffer[] = [];
  await readTar(archiveStream(from), async (entry, body) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk);
    const changed = change(entry.name, Buffer.concat(chunks));
    parts.push(tarHeader(entry.name, changed.length), changed, tarPadding(changed.length));
  });
  parts.push(TAR_END);
  fs.writeFileSync(to, gzipSync(Buffer.concat(parts)));
}
