import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/*
 * A real S3-compatible server on loopback for the tests (docs/decisions/020-file-storage.md):
 * s3rver, from npm, in a folder of its own. It speaks signature v4 and path-style
 * addressing to @aws-sdk/client-s3; it ignores If-None-Match on PutObject, so the store's
 * HEAD check is what refuses an existing key there.
 */

export interface TestS3 {
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (to look at them as an operator would). */
  directory: string;
  stop(): Promise<void>;
}

export const TEST_S3_BUCKET = "club-test";

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "club-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_S3_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: TEST_S3_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    },
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
