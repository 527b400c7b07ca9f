/*
 * The backup's only access to the uploaded files (DATA_DIR/uploads/<bucket>/<path>,
 * variants included, the .tmp folder of files being received left out). Kept to this one
 * module so that it can switch to the storage layer when uploads may live elsewhere.
 */
import fs from "node:fs";
import path from "node:path";
import { uploadsRoot } from "~/storage/paths.server";

export interface UploadFile {
  /** bucket/path, with forward slashes. */
  relative: string;
  size: number;
}

/** Every uploaded file, depth first in name order, listed one folder at a time. */
export async function* listUploads(dataDir: string): AsyncGenerator<UploadFile> {
  const root = uploadsRoot(dataDir);
  async function* walk(dir: string, prefix: string): AsyncGenerator<UploadFile> {
    let names: fs.Dirent[];
    try {
      names = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of names) {
      if (prefix === "" && entry.name.startsWith(".")) continue;
      const relative = prefix + entry.name;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(absolute, `${relative}/`);
      else if (entry.isFile()) {
        const stat = await fs.promises.stat(absolute).catch(() => null);
        if (stat) yield { relative, size: stat.size };
      }
    }
  }
  yield* walk(root, "");
}

/** A stream of one uploaded file; null when it went away since it was listed. */
export async function openUpload(dataDir: string, relative: string): Promise<fs.ReadStream | null> {
  const absolute = path.join(uploadsRoot(dataDir), relative);
  try {
    const handle = await fs.promises.open(absolute, "r");
    return handle.createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A folder beside DATA_DIR/uploads that a restore fills before it takes its place. */
export function stagedUploadsDir(dataDir: string, stamp: string): string {
  return `${uploadsRoot(dataDir)}.restore-${stamp}`;
}

/** Where one restored file goes in the staged folder; refuses a path that escapes it. */
export function stagedUploadPath(stagedDir: string, relative: string): string {
  const absolute = path.resolve(stagedDir, relative);
  if (!absolute.startsWith(path.resolve(stagedDir) + path.sep)) {
    throw new Error(`Chemin de fichier refusé dans l'archive : ${relative}`);
  }
  return absolute;
}

/**
 * Puts the staged folder in the place of DATA_DIR/uploads (two renames); the previous
 * folder is removed once the new one is in place.
 */
export async function swapUploads(dataDir: string, stagedDir: string, stamp: string) {
  const live = uploadsRoot(dataDir);
  const previous = `${live}.before-restore-${stamp}`;
  const hadLive = fs.existsSync(live);
  if (hadLive) await fs.promises.rename(live, previous);
  try {
    await fs.promises.rename(stagedDir, live);
  } catch (error) {
    if (hadLive) await fs.promises.rename(previous, live);
    throw error;
  }
  if (hadLive) await fs.promises.rm(previous, { recursive: true, force: true });
}
