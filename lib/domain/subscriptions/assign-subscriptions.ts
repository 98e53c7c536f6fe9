import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, userPackages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import type { Platform } from '@/lib/domain/catalogue/services';
import { holdsSlot } from './filters';

export const SUBSCRIPTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export type AssignInput = {
  userId: number;
  packageId: number;
  platforms: Platform[];
  /** Start of a new subscription (default now). */
  startsAt?: Date;
  /** End of a new subscription (default start + 30 days). */
  endsAt?: Date;
};

/**
 * Where a running subscription's end moves when the same platform is bought or assigned again:
 * out by the period, counted from its current end if that is still ahead, else from now. The
 * panel shows this date before the customer pays (issue #15), so both use this one rule.
 */
export function extendedEnd(currentEnd: Date, now: Date, periodMs = SUBSCRIPTION_DAYS * DAY_MS): Date {
  return new Date(Math.max(currentEnd.getTime(), now.getTime()) + periodMs);
}

export type AssignedSubscription = typeof userPackages.$inferSelect & { extended: boolean };

/**
 * Gives a user a package on each platform (admin assignment §7, package purchase §4).
 * One running subscription per user and platform (a partial unique index): when one is active,
 * it takes the new package's name and limits and its end moves out by the new period, counted
 * from its current end if that is still ahead (so paid days are never lost), else from now.
 * Call it inside the caller's transaction; it locks the user's subscription rows.
 */
export async function assignSubscriptions(db: Db, input: AssignInput): Promise<AssignedSubscription[]> {
  if (input.platforms.length === 0) throw new AppError('PLATFORM_REQUIRED');
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, input.packageId), isNull(packages.deletedAt)));
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');

  const now = new Date();
  const startsAt = input.startsAt ?? now;
  const periodMs = (input.endsAt ?? new Date(startsAt.getTime() + SUBSCRIPTION_DAYS * DAY_MS)).getTime() - startsAt.getTime();
  if (periodMs <= 0) throw new AppError('INVALID_PERIOD');

  const unique = [...new Set(input.platforms)];
  const active = await db
    .select()
    .from(userPackages)
    .where(and(eq(userPackages.userId, input.userId), holdsSlot(), inArray(userPackages.platform, unique)))
    .for('update');

  const result: AssignedSubscription[] = [];
  for (const platform of unique) {
    const current = active.find((s) => s.platform === platform);
    const values = { packageId: pkg.id, paketAdi: pkg.ad, gunlukLimit: pkg.gunlukLimit, profilLimit: pkg.profilLimit };
    if (current) {
      const [row] = await db
        .update(userPackages)
        .set({ ...values, endsAt: extendedEnd(current.endsAt, now, periodMs), updatedAt: sql`now()` })
        .where(eq(userPackages.id, current.id))
        .returning();
      result.push({ ...row!, extended: true });
    } else {
      const [row] = await db
        .insert(userPackages)
        .values({ ...values, userId: input.userId, platform, startsAt, endsAt: new Date(startsAt.getTime() + periodMs) })
        .returning();
      result.push({ ...row!, extended: false });
    }
  }
  return result;
}
