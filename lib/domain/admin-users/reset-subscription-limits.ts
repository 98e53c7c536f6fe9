import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { appToday } from '@/lib/infra/time';
import { usageCounters, userPackages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { SERVICES } from '@/lib/domain/catalogue/services';

/**
 * PUT /kullanici-paketleri/{id}/reset-limits: today's usage (the day in APP_TIMEZONE) of every
 * service of that subscription's platform goes back to zero. The subscription itself does not
 * change state (§4). The counters are locked, so a send running at the same moment either
 * counts before the reset or after it.
 */
export async function resetSubscriptionLimits(db: Db, actor: Actor, subscriptionId: number): Promise<{ sifirlanan: Record<string, number> }> {
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(userPackages).where(eq(userPackages.id, subscriptionId)).for('update');
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    if (sub.status !== 'active') throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    const services = [...SERVICES[sub.platform]];
    const where = and(eq(usageCounters.userId, sub.userId), inArray(usageCounters.service, services), eq(usageCounters.day, appToday()));
    const counters = await tx.select().from(usageCounters).where(where).for('update');
    await tx.update(usageCounters).set({ count: 0 }).where(where);
    const before = Object.fromEntries(counters.map((c) => [c.service, c.count]));
    await recordAudit(tx, actor, {
      action: 'subscription.reset_limits',
      entity: 'subscription',
      entityId: sub.id,
      before: { user_id: sub.userId, platform: sub.platform, day: counters[0]?.day ?? null, usage: before },
      after: { user_id: sub.userId, platform: sub.platform, usage: Object.fromEntries(services.map((s) => [s, 0])) },
    });
    return { sifirlanan: before };
  });
}
