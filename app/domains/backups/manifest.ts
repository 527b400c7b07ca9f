/* The archive's manifest.json (docs/decisions/019-backup-archive.md). */
import { z } from "zod";

export const MANIFEST_NAME = "manifest.json";
export const MANIFEST_FORMAT = "club-backup/1";

const entrySchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  appVersion: z.string(),
  migration: z.string().min(1),
  createdAt: z.iso.datetime(),
  engine: z.enum(["sqlite", "postgres"]),
  tables: z.array(
    z.object({ name: z.string(), rows: z.number().int().nonnegative(), entry: z.string() }),
  ),
  entries: z.array(entrySchema),
  leftOut: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

/** Secret files of DATA_DIR: in the archive as secrets/<name> only with --with-secrets. */
export const SECRET_FILES = ["form-secret", "secret-key"] as const;
