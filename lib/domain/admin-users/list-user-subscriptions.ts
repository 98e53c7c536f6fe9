import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages } from '@/db/schema';
import { toSubscription, type UserSubscription } from './shapes';
import { notEnded } from '@/lib/domain/subscriptions';

/** GET /kullanici-paketleri/{userId}: the user's running subscriptions (cancelled ones leave the list, §4). */
export async function listUserSubscriptions(db: Db, userId: number): Promise<UserSubscription[]> {
  const rows = await db
    .select()
    .from(userPackages)
    .where(and(eq(userPackages.userId, userId), notEnded(new Date())))
    .orderBy(asc(userPackages.platform));
  return rows.map(toSubscription);
}
