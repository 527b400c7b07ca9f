import type { Readable } from "node:stream";

/*
 * The contract of a file store (app/storage/file-store.server.ts chooses one): keys are
 * "<bucket>/<path>", the part of an upload URL after "/uploads/".
 */

export interface StoredEntry {
  key: string;
  size: number;
  /** Last modification time (ms since the epoch). */
  modifiedMs: number;
}

export interface ReadFile {
  stream: Readable;
  /** Bytes in the stream (the part's, for a range). */
  size: number;
  /** For a range asked and satisfiable: "bytes <start>-<end>/<total>". */
  contentRange?: string;
  contentType: string;
  /** A strong validator of the content, quoted as in an ETag header. */
  etag: string;
  modifiedMs: number;
}

/** A byte range as in an HTTP Range header: end inclusive, absent for "to the end". */
export interface ByteRange {
  start: number;
  end?: number;
}

/** What put() stores: a file on the local disk (a temporary file), bytes, or a stream. */
export type PutSource = { path: string } | { data: Buffer } | { stream: Readable };

export interface FileStore {
  readonly kind: "disk" | "s3";
  /** Stores a new key. @throws FileExistsError when the key exists (nothing is changed) */
  put(key: string, source: PutSource): Promise<void>;
  /**
   * The file's bytes as a stream, with its size and type; null when absent. With a range
   * (bytes start to end, inclusive) inside the file, only those bytes and contentRange.
   */
  get(key: string, options?: { range?: ByteRange }): Promise<ReadFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a key; an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix` ("site-images/blog/"), at any depth, sorted. */
  list(prefix: string): Promise<StoredEntry[]>;
  /** Where browsers fetch the key directly (S3_PUBLIC_URL), or null: served by the site. */
  publicUrl(key: string): string | null;
}

/** put() on a key that exists: the store keeps the existing file. */
export class FileExistsError extends Error {
  readonly code = "EEXIST";
  constructor(key: string) {
    super(`Le fichier ${key} existe déjà`);
    this.name = "FileExistsError";
  }
}

export function isFileExists(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "EEXIST";
}

/**
 * A key names a file inside the uploads: segments of letters, digits, ".", "_", "-", none
 * empty, none starting with a dot (so neither "..", nor the ".tmp" folder of uploads
 * being received).
 * @throws Error "Chemin de fichier invalide"
 */
export function checkKey(key: string): string {
  const segments = key.split("/");
  if (
    segments.length < 2 ||
    segments.some((segment) => !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment))
  ) {
    throw new Error("Chemin de fichier invalide");
  }
  return key;
}

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
  mp4: "video/mp4",
  webm: "video/webm",
  ogv: "video/ogg",
};

/** The Content-Type of a stored file, from its extension (the pipeline chose it from its bytes). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}
