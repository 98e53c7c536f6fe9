/**
 * Database errors' one home (issue #14 item 9). postgres.js and PGlite both put PostgreSQL's
 * SQLSTATE in `code`; Drizzle wraps the driver's error in `cause` (possibly more than once).
 */
type Chain = { code?: unknown; cause?: unknown; constraint_name?: unknown; constraint?: unknown };

/** The PostgreSQL error of an error chain (the first link with a SQLSTATE), if any. */
export function pgError(err: unknown): { code: string; constraint?: string } | null {
  for (let e = err as Chain | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as Chain | undefined, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = typeof e.constraint_name === 'string' ? e.constraint_name : typeof e.constraint === 'string' ? e.constraint : undefined;
      return { code: e.code, constraint };
    }
  }
  return null;
}

/** A unique violation (23505), optionally of one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}
