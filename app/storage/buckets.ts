/** Storage buckets and their subpaths (spec §3). */
export const STORAGE_BUCKETS = {
  "site-images": ["schedule", "blog", "social-icons", "signature"],
  "site-documents": ["tarifs", "inscriptions"],
  disciplines: [],
  "training-formats": [],
  "schedule-activities": [],
} as const satisfies Record<string, readonly string[]>;
export type StorageBucket = keyof typeof STORAGE_BUCKETS;
