/**
 * The rows of `db.execute(sql…)`: postgres.js answers an array of rows, PGlite an object with
 * `rows`. Values come as each driver parses them (timestamps: text with postgres.js under
 * Drizzle, Date with PGlite), so raw statements format or compare times in SQL.
 */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
