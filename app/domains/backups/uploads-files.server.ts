/*
 * The backup's only access to the uploaded files, through the file store the environment
 * chose (docs/decisions/020-file-storage.md): keys "<bucket>/<path>", variants included.
 * - Backing up lists the store and reads each file.
 * - Restoring on the local disk fills a folder beside DATA_DIR/uploads, which takes its
 *   place once the database is restored (files the archive lacks go with the old folder).
 * - Restoring on S3 puts every archived file the bucket lacks. A key is never rewritten
 *   (the naming rule), so an existing key already holds the same file; objects the archive
 *   lacks stay until the unused-upload sweep removes them, as nothing refers to them.
 */
import fs from "node:fs";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkKey, getFileStore, type FileStore } from "~/storage/file-store.server";
import { uploadsRoot } from "~/storage/paths.server";
import { BackupRefused } from "./verify.server";

export interface UploadFile {
  key: string;
  size: number;
}

/** Every uploaded file, in key order. */
export async function listUploads(dataDir: string): Promise<UploadFile[]> {
  const store = await getFileStore(dataDir);
  return (await store.list("")).map(({ key, size }) => ({ key, size }));
}

/** A stream of one uploaded file; null when it went away since it was listed. */
export async function openUpload(dataDir: string, key: string): Promise<Readable | null> {
  const store = await getFileStore(dataDir);
  return (await store.get(key))?.stream ?? null;
}

/** Where a restore puts the archive's files, in three steps. */
export interface UploadsRestore {
  /** Writes one file of the archive (the caller checks its hash while it flows). */
  write(key: string, body: Readable): Promise<void>;
  /** Puts the written files in place, once the database is restored. */
  commit(): Promise<void>;
  /** Removes what a dry or failed run wrote; the store is as it was. */
  discard(): Promise<void>;
}

export async function uploadsRestore(
  dataDir: string,
  { stamp, dryRun }: { stamp: string; dryRun: boolean },
): Promise<UploadsRestore> {
  const store = await getFileStore(dataDir);
  return store.kind === "disk" ? stagedOnDisk(dataDir, stamp) : intoBucket(store, dryRun);
}

function checkedKey(key: string): string {
  try {
    return checkKey(key);
  } catch {
    throw new BackupRefused(`Chemin de fichier refusé dans l'archive : ${key}`);
  }
}

function stagedOnDisk(dataDir: string, stamp: string): UploadsRestore {
  const live = uploadsRoot(dataDir);
  const staged = `${live}.restore-${stamp}`;
  fs.rmSync(staged, { recursive: true, force: true });
  fs.mkdirSync(staged, { recursive: true });
  return {
    async write(key, body) {
      const target = path.join(staged, ...checkedKey(key).split("/"));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await pipeline(body, fs.createWriteStream(target, { mode: 0o600 }));
    },
    // Two renames; the previous folder is removed once the new one is in place.
    async commit() {
      const previous = `${live}.before-restore-${stamp}`;
      const hadLive = fs.existsSync(live);
      try {
        if (hadLive) await fs.promises.rename(live, previous);
        try {
          await fs.promises.rename(staged, live);
        } catch (error) {
          if (hadLive) await fs.promises.rename(previous, live);
          throw error;
        }
      } catch (error) {
        throw new BackupRefused(
          `Base restaurée, mais les fichiers envoyés n'ont pas pu être mis en place ` +
            `(${error instanceof Error ? error.message : String(error)}) : ils attendent dans ${staged}, ` +
            "à renommer en uploads avant de démarrer le serveur.",
        );
      }
      if (hadLive) await fs.promises.rm(previous, { recursive: true, force: true });
    },
    async discard() {
      await fs.promises.rm(staged, { recursive: true, force: true });
    },
  };
}

function intoBucket(store: FileStore, dryRun: boolean): UploadsRestore {
  const written: string[] = [];
  return {
    async write(key, body) {
      checkedKey(key);
      if (dryRun || (await store.exists(key))) {
        // Read through all the same: the caller's hash must see every byte.
        await pipeline(body, new PassThrough().resume());
        return;
      }
      const flowing = new PassThrough();
      const putting = store.put(key, { stream: flowing }).catch((error: unknown) => {
        flowing.destroy(error as Error);
        throw error;
      });
      await Promise.all([pipeline(body, flowing), putting]);
      written.push(key);
    },
    async commit() {},
    async discard() {
      for (const key of written) await store.delete(key);
    },
  };
}
