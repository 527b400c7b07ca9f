import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { uploadsRoot } from "./paths.server";
import {
  checkKey,
  contentTypeOf,
  FileExistsError,
  isFileExists,
  type FileStore,
  type StoredEntry,
} from "./stored-file.server";

/** The local disk: DATA_DIR/uploads/<key>, each file created exclusively. */
export function createDiskStore(root: string = uploadsRoot()): FileStore {
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split("/"));
  return {
    kind: "disk",
    async put(key, source) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Bytes and streams are written under a dot name first (never listed nor served),
      // so a crash never leaves half a file under the key.
      const temporary = "path" in source ? null : `${path.dirname(file)}/.${randomUUID()}.part`;
      try {
        if ("path" in source) {
          await linkExclusive(source.path, file);
        } else {
          const out = fs.createWriteStream(temporary!, { flags: "wx", mode: 0o644 });
          await pipeline("data" in source ? Readable.from([source.data]) : source.stream, out);
          await linkExclusive(temporary!, file);
        }
      } catch (error) {
        if (isFileExists(error)) throw new FileExistsError(key);
        throw error;
      } finally {
        if (temporary) await fs.promises.rm(temporary, { force: true });
      }
    },
    async get(key, options) {
      const file = fileOf(key);
      const handle = await fs.promises.open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        throw error;
      });
      if (!handle) return null;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const range = options?.range;
      const part =
        range && range.start < stat.size
          ? { start: range.start, end: Math.min(range.end ?? stat.size - 1, stat.size - 1) }
          : null;
      return {
        stream: handle.createReadStream(part ?? {}),
        size: part ? part.end - part.start + 1 : stat.size,
        ...(part && { contentRange: `bytes ${part.start}-${part.end}/${stat.size}` }),
        contentType: contentTypeOf(key),
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        modifiedMs: stat.mtimeMs,
      };
    },
    async exists(key) {
      const stat = await fs.promises.stat(fileOf(key)).catch(() => null);
      return Boolean(stat?.isFile());
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const slash = prefix.lastIndexOf("/");
      const folder = prefix.slice(0, slash + 1);
      const dir = path.join(root, ...folder.split("/").filter(Boolean));
      const entries = await fs.promises.readdir(dir, { recursive: true }).catch(() => []);
      const found: StoredEntry[] = [];
      for (const entry of entries as string[]) {
        const key = folder + entry.split(path.sep).join("/");
        if (!key.startsWith(prefix) || key.split("/").some((s) => s.startsWith("."))) continue;
        const stat = await fs.promises.stat(path.join(dir, entry)).catch(() => null);
        if (stat?.isFile()) found.push({ key, size: stat.size, modifiedMs: stat.mtimeMs });
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    publicUrl: () => null,
  };
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EXDEV", "EMLINK", "ENOSYS", "EOPNOTSUPP"]);

/** Creates `to` from `from` without ever replacing an existing file (EEXIST is thrown). */
async function linkExclusive(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    if (!LINK_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
    try {
      await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code !== "EEXIST") {
        await fs.promises.rm(to, { force: true });
      }
      throw copyError;
    }
  }
}
