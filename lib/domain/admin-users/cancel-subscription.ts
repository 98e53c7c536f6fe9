import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { toSubscription, type UserSubscription } from './shapes';

/** PUT /kullanici-paketleri/{id}/cancel: active → cancelled (§4); it leaves the lists at once. */
export async function cancelSubscription(db: Db, actor: Actor, subscriptionId: number): Promise<UserSubscription> {
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(userPackages).where(eq(userPackages.id, subscriptionId)).for('update');
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    if (sub.status !== 'active') throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    const [row] = await tx
      .update(userPackages)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(userPackages.id, sub.id))
      .returning();
    const after = toSubscription(row!);
    await recordAudit(tx, actor, {
      action: 'subscription.cancel',
      entity: 'subscription',
      entityId: sub.id,
      before: { ...toSubscription(sub), user_id: sub.userId },
      after: { ...after, user_id: sub.userId },
    });
    return after;
  });
}
