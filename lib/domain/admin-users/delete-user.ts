import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { disconnectSessions } from '@/lib/infra/realtime';
import { ensureAnotherActiveAdmin, lockAdmins } from './admin-rules';
import { toAdminUser } from './shapes';
import { holdsSlot } from '@/lib/domain/subscriptions';

/**
 * DELETE /users/{id}: a soft delete. The row stays (orders, payments, redemptions and audit
 * entries keep pointing at it), the sessions and their sockets end, running subscriptions are cancelled, and the
 * e-mail address is free to register again (the unique index skips deleted rows).
 */
export async function deleteUser(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (id === actor.id) throw new AppError('CANNOT_DELETE_SELF');
    // Admin rows first, in id order, before the row this deletes (admin-rules.ts).
    const admins = await lockAdmins(tx);
    const [current] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('update');
    if (!current) throw new AppError('USER_NOT_FOUND');
    if (current.rol === 'admin' && current.aktif) ensureAnotherActiveAdmin(admins, id);

    await tx
      .update(users)
      .set({ deletedAt: sql`now()`, aktif: false, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    const cancelled = await tx
      .update(userPackages)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(userPackages.userId, id), holdsSlot()))
      .returning({ id: userPackages.id });
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entity: 'user',
      entityId: id,
      before: toAdminUser(current),
      after: { deleted: true, cancelled_subscriptions: cancelled.map((c) => c.id) },
    });
  });
  disconnectSessions({ userId: id });
}
