import 'server-only';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, userPackages } from '@/db/schema';
import { env } from '@/env';
import { notify } from './notify';
import { takeMark } from './marks';
import { holdsSlot, notEnded } from '@/lib/domain/subscriptions';
import { packageNameParams } from '@/lib/domain/packages';

export const EXPIRY_WARNING_DAYS = 3;
/** An expiry older than this is not announced any more (a first run after a long pause stays quiet). */
const EXPIRED_LOOKBACK_DAYS = 2;

function day(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: env.APP_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The daily package-expiry pass (pg-boss job `package_expiry`, lib/infra/queue): warns of every running
 * subscription ending within EXPIRY_WARNING_DAYS and tells of those that have just ended, once
 * each (the mark's key holds the end date, so an extended subscription is warned again).
 */
export async function notifyPackageExpiry(db: Db, now: Date = new Date()): Promise<{ expiring: number; expired: number }> {
  const soon = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000);
  const since = new Date(now.getTime() - EXPIRED_LOOKBACK_DAYS * 86_400_000);
  // With the package's names: the notice names it in the reader's language (lib/domain/packages subscriptionName's rule).
  const columns = { sub: userPackages, pkg: { ad: packages.ad, nameEn: packages.nameEn, nameDe: packages.nameDe } };
  const expiring = await db
    .select(columns)
    .from(userPackages)
    .leftJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(notEnded(now), lte(userPackages.endsAt, soon)));
  const expired = await db
    .select(columns)
    .from(userPackages)
    .leftJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(holdsSlot(), gt(userPackages.endsAt, since), lte(userPackages.endsAt, now)));
  let counts = { expiring: 0, expired: 0 };
  for (const [kind, rows] of [
    ['package_expiring', expiring],
    ['package_expired', expired],
  ] as const) {
    for (const { sub, pkg } of rows) {
      const names = packageNameParams(pkg ?? { ad: sub.paketAdi, nameEn: null, nameDe: null });
      const sent = await db.transaction(async (tx) => {
        if (!(await takeMark(tx, `${kind}:${sub.id}:${sub.endsAt.toISOString()}`))) return false;
        await notify(tx, { userId: sub.userId, kind, params: { platform: sub.platform, ...names, date: day(sub.endsAt) }, link: '/panel/subscription' });
        return true;
      });
      if (sent) counts = { ...counts, [kind === 'package_expiring' ? 'expiring' : 'expired']: counts[kind === 'package_expiring' ? 'expiring' : 'expired'] + 1 };
    }
  }
  return counts;
}
