import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages as packagesTable, userPackages } from '@/db/schema';
import { env } from '@/env';
import { PLATFORMS, SERVICES, type Platform, type Service } from '@/lib/domain/catalogue/services';
import { getBalanceCents } from '@/lib/domain/balance';
import { getLimitInfo } from '@/lib/domain/operations';
import { subscriptionName } from '@/lib/domain/packages';
import { listTransactions, type Transaction } from '@/lib/domain/stats';
import { inForce } from '@/lib/domain/subscriptions';
import { resetIn } from '@/lib/infra/time';

/** How many orders the overview lists; the statistics page has the rest. */
export const OVERVIEW_ORDERS = 5;

export type OverviewPackage = {
  platform: Platform;
  /** The package's name in the reader's language (lib/domain/packages subscriptionName). */
  paketAdi: string;
  endsAt: string;
  /** Daily limit per service (null: no cap). */
  dailyLimit: number | null;
  services: { service: Service; used: number; left: number | null }[];
};

export type CustomerOverview = {
  /** In force now, in the order of PLATFORMS (twitter, instagram, youtube). */
  packages: OverviewPackage[];
  /** Time to the next midnight in APP_TIMEZONE, when every daily limit starts again. */
  resetIn: { saat: number; dakika: number };
  balanceCents: number;
  orders: Transaction[];
};

/**
 * The summary at the top of /panel (issue #15): the packages in force with today's use of each of
 * their services (the §3 limit info of GET /users/limits/me), the balance and the last orders
 * (GET /users/transactions/me). The same queries as those calls, so the numbers always agree.
 */
export async function getCustomerOverview(
  db: Db,
  user: { id: number; rol: 'user' | 'admin' },
  options: { now?: Date; timeZone?: string; locale?: string } = {},
): Promise<CustomerOverview> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;
  const held = await db
    .select({ platform: userPackages.platform, endsAt: userPackages.endsAt, paketAdi: userPackages.paketAdi, ad: packagesTable.ad, nameEn: packagesTable.nameEn, nameDe: packagesTable.nameDe })
    .from(userPackages)
    .leftJoin(packagesTable, eq(packagesTable.id, userPackages.packageId))
    .where(and(eq(userPackages.userId, user.id), inForce(now)));
  const platforms = PLATFORMS.filter((p) => held.some((h) => h.platform === p));
  const [limits, balanceCents, page] = await Promise.all([
    // Counted as a customer: an admin looking at their own panel sees their packages' numbers, not "unlimited".
    Promise.all(platforms.map((p) => getLimitInfo(db, { id: user.id, rol: 'user' }, p, { now, timeZone }))),
    getBalanceCents(db, user.id),
    listTransactions(db, { userId: user.id, limit: OVERVIEW_ORDERS }),
  ]);
  const packages: OverviewPackage[] = [];
  for (const info of limits) {
    if (!info) continue;
    const sub = held.find((h) => h.platform === info.platform);
    packages.push({
      platform: info.platform,
      paketAdi: subscriptionName(info.paket_adi ?? '', sub?.ad != null ? { ad: sub.ad, nameEn: sub.nameEn, nameDe: sub.nameDe } : null, options.locale ?? 'tr'),
      endsAt: (sub?.endsAt ?? now).toISOString(),
      dailyLimit: info.gunluk_limit,
      services: (SERVICES[info.platform] as readonly Service[]).map((service) => ({
        service,
        used: info.hizmet_detaylari[service]?.kullanilan ?? 0,
        left: info.hizmet_detaylari[service]?.kalan ?? null,
      })),
    });
  }
  return { packages, resetIn: resetIn(now, timeZone), balanceCents, orders: page.transactions };
}
