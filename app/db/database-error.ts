/** What PostgreSQL said of a failed statement: Drizzle wraps pg's error and keeps it as `cause`. */
function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  const wrapped = error as { cause?: { code?: string; constraint?: string } } | null;
  return wrapped?.cause ?? (error as { code?: string; constraint?: string } | null) ?? {};
}

/** True when a statement failed on the unique index `constraint`: what it would add is there already. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = databaseErrorOf(error);
  return cause.code === "23505" && cause.constraint === constraint;
}

/** True when a statement referred to a row that no longer exists (a foreign key failed). */
export function isForeignKeyViolation(error: unknown): boolean {
  return databaseErrorOf(error).code === "23503";
}
