/** Drizzle wraps driver errors; the Postgres SQLSTATE sits on the error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if (typeof current === "object" && (current as { code?: unknown }).code === "23505") return true;
    if (typeof current !== "object") return false;
  }
  return false;
}
