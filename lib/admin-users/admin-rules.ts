import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors';

/**
 * The back office must never lose its last admin. Every change that could remove an admin
 * (demote, deactivate, delete) first locks all admin rows, so two admins demoting each other at
 * the same moment are serialized and the second one sees that it would leave none.
 */
export async function ensureAnotherActiveAdmin(db: Db, losingAdminId: number): Promise<void> {
  const admins = await db
    .select({ id: users.id, aktif: users.aktif })
    .from(users)
    .where(and(eq(users.rol, 'admin'), isNull(users.deletedAt)))
    .for('update');
  const remaining = admins.filter((a) => a.id !== losingAdminId && a.aktif);
  if (remaining.length === 0) throw new AppError('LAST_ADMIN', { status: 409 });
}

/** Postgres unique violation (postgres.js and PGlite; drizzle wraps it in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}
