import fs from "node:fs";
import { Readable } from "node:stream";
import { findBackup } from "~/domains/backups/backup-list.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/backup-download";

/*
 * /admin/sauvegardes/:name (admin only): one archive of the list, streamed. Only a name
 * the list shows is served (no path, no other file of the folder).
 */

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "admin");
  const backup = await findBackup(params.name);
  if (!backup) {
    return new Response("Sauvegarde introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const stream = Readable.toWeb(fs.createReadStream(backup.file)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(backup.size),
      "Content-Disposition": `attachment; filename="${backup.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
