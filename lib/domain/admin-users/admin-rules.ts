import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';

type LockedAdmin = { id: number; aktif: boolean };

/**
 * Locks every admin row, always in id order. A change that could remove an admin (demote,
 * deactivate, delete) calls this before it locks the row it changes: two admins demoting each
 * other at the same moment then queue on the same first row instead of each holding their target
 * and waiting for the other's (a deadlock PostgreSQL would end by failing one of them).
 */
export async function lockAdmins(db: Db): Promise<LockedAdmin[]> {
  return db
    .select({ id: users.id, aktif: users.aktif })
    .from(users)
    .where(and(eq(users.rol, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
}

/**
 * The back office must never lose its last admin: refuses when no other active admin would be
 * left. `locked` is the list from lockAdmins earlier in the same transaction.
 */
export function ensureAnotherActiveAdmin(locked: LockedAdmin[], losingAdminId: number): void {
  const remaining = locked.filter((a) => a.id !== losingAdminId && a.aktif);
  if (remaining.length === 0) throw new AppError('LAST_ADMIN');
}
