/** A write refused by a UNIQUE constraint, on SQLite or on PostgreSQL (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
