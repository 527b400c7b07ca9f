import fs from "node:fs";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Settings } from "~/core/env.server";
import {
  checkKey,
  contentTypeOf,
  FileExistsError,
  type FileStore,
  type StoredEntry,
} from "./stored-file.server";

/*
 * S3-compatible storage (docs/decisions/020-file-storage.md): the key "<bucket>/<path>"
 * is the object "uploads/<bucket>/<path>" of S3_BUCKET, so that the bucket can hold other
 * things beside (backups) and S3_PUBLIC_URL + the site's own path reaches the object.
 *
 * Never overwrite: a HEAD first (a key seen is refused at once, whatever the server),
 * then PutObject with If-None-Match: * — the server refuses (412) a key created meanwhile
 * where it supports conditional writes (AWS since 2024, MinIO, R2, Ceph…). A server that
 * ignores the header leaves the short race between HEAD and PUT: see the ADR.
 */

const UPLOADS_PREFIX = "uploads/";

/** `objectPrefix`: where the keys live in the bucket ("uploads/"; "" for the nightly backups' "backups/<name>"). */
export function createS3Store(
  settings: S3Settings,
  { objectPrefix = UPLOADS_PREFIX }: { objectPrefix?: string } = {},
): FileStore {
  const OBJECT_PREFIX = objectPrefix;
  // The SDK warns once that its releases after January 2027 need Node 22; the lock file
  // pins this one (DESIGN.md's pins), so the warning only fills the logs.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials ?? undefined,
    // Checksums only where an operation requires them: the SDK's default (a CRC32 trailer
    // in aws-chunked bodies) is refused or stored wrongly by many S3-compatible servers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  const objectOf = (key: string) => OBJECT_PREFIX + checkKey(key);

  async function head(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: objectOf(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    async put(key, source) {
      const Key = objectOf(key);
      if (await head(key)) throw new FileExistsError(key);
      const params = { Bucket, Key, ContentType: contentTypeOf(key), IfNoneMatch: "*" };
      try {
        if ("path" in source) {
          const { size } = await fs.promises.stat(source.path);
          await client.send(
            new PutObjectCommand({
              ...params,
              Body: fs.createReadStream(source.path),
              ContentLength: size,
            }),
          );
        } else if ("data" in source) {
          await client.send(new PutObjectCommand({ ...params, Body: source.data }));
        } else {
          // Unknown length: in parts, never held whole in memory.
          await new Upload({ client, params: { ...params, Body: source.stream } }).done();
        }
      } catch (error) {
        if (statusOf(error) === 412) {
          throw new FileExistsError(key);
        }
        throw error;
      }
    },
    async get(key, options) {
      const range = options?.range;
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectOf(key),
            Range: range ? `bytes=${range.start}-${range.end ?? ""}` : undefined,
          }),
        );
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error("Réponse S3 sans contenu lisible");
        return {
          stream: body,
          size: answer.ContentLength ?? 0,
          ...(answer.ContentRange && { contentRange: answer.ContentRange }),
          contentType: answer.ContentType || contentTypeOf(key),
          etag: answer.ETag ?? `"${answer.ContentLength ?? 0}"`,
          modifiedMs: answer.LastModified?.getTime() ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        // A range past the end: the whole file, as the disk store does.
        if (range && statusOf(error) === 416) return this.get(key);
        throw error;
      }
    },
    async exists(key) {
      return Boolean(await head(key));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(key) }));
    },
    async list(prefix) {
      const found: StoredEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: OBJECT_PREFIX + prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          found.push({
            key: object.Key.slice(OBJECT_PREFIX.length),
            size: object.Size ?? 0,
            modifiedMs: object.LastModified?.getTime() ?? 0,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    publicUrl(key) {
      return settings.publicUrl ? `${settings.publicUrl}/${objectOf(key)}` : null;
    },
  };
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound || statusOf(error) === 404;
}
