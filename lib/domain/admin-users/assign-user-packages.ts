import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { assignSubscriptions } from '@/lib/domain/subscriptions';
import type { Platform } from '@/lib/domain/catalogue/services';
import { toSubscription, type UserSubscription } from './shapes';
import { holdsSlot } from '@/lib/domain/subscriptions';

export type AssignUserPackagesInput = {
  kullanici_id: number;
  paket_id: number;
  platform: Platform[];
  baslangic_tarihi?: Date;
  bitis_tarihi?: Date;
};

/**
 * POST /kullanici-paketleri: one subscription per chosen platform (30 days from now by default).
 * A platform that already has a running subscription is extended, never duplicated.
 */
export async function assignUserPackages(db: Db, actor: Actor, input: AssignUserPackagesInput): Promise<(UserSubscription & { uzatildi: boolean })[]> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.kullanici_id), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw new AppError('USER_NOT_FOUND');
    const before = await tx
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.userId, user.id), holdsSlot(), inArray(userPackages.platform, input.platform)));
    const rows = await assignSubscriptions(tx, {
      userId: user.id,
      packageId: input.paket_id,
      platforms: input.platform,
      startsAt: input.baslangic_tarihi,
      endsAt: input.bitis_tarihi,
    });
    const result = rows.map((r) => ({ ...toSubscription(r), uzatildi: r.extended }));
    await recordAudit(tx, actor, {
      action: 'subscription.assign',
      entity: 'user',
      entityId: user.id,
      before: before.map(toSubscription),
      after: result,
    });
    return result;
  });
}
