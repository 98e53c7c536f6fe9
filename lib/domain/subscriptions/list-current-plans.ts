import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { extendedEnd } from './assign-subscriptions';
import { notEnded } from './filters';

/** A package the customer holds on a platform, and where buying it again would move its end. */
export type CurrentPlan = { platform: Platform; packageId: number; endsAt: Date; extendsTo: Date };

/**
 * The customer's running (or scheduled) package per platform, for the pricing page's "current
 * plan" and "extend by 30 days to <date>" (issue #32 item 12). `extendsTo` is extendedEnd, the
 * rule a purchase applies (assignSubscriptions), so the date promised is the date given.
 */
export async function listCurrentPlans(db: Db, input: { userId: number; now?: Date }): Promise<CurrentPlan[]> {
  const now = input.now ?? new Date();
  const rows = await db
    .select({ platform: userPackages.platform, packageId: userPackages.packageId, endsAt: userPackages.endsAt })
    .from(userPackages)
    .where(and(eq(userPackages.userId, input.userId), notEnded(now)))
    .orderBy(asc(userPackages.platform));
  return rows.map((r) => ({ ...r, extendsTo: extendedEnd(r.endsAt, now) }));
}
