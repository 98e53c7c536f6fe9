import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { publicContentChanged } from '@/lib/infra/cache';
import { packageColumns, packagePriceCents } from './package-columns';
import { withPrices, writePackagePrices } from './package-prices';
import type { PackageInput } from './schemas';
import { toApiPackage, type ApiPackage } from './shapes';

/**
 * PUT /paketler/{id}. Running subscriptions keep the limits they were given (copied at assignment,
 * with the Turkish name as it was); the new values apply to later purchases and assignments. The
 * customer's pages name a subscription by its package's current name (subscriptionName). The
 * package and its price rows are written in one transaction.
 */
export async function updatePackage(db: Db, actor: Actor, id: number, input: PackageInput): Promise<ApiPackage> {
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select(withPrices)
      .from(packages)
      .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
      .for('update');
    if (!current) throw new AppError('PACKAGE_NOT_FOUND');
    const [row] = await tx.update(packages).set({ ...packageColumns(input), updatedAt: sql`now()` }).where(eq(packages.id, id)).returning();
    const prices = packagePriceCents(input);
    await writePackagePrices(tx, id, prices);
    const paket = toApiPackage({ ...row!, prices: { ...current.prices, ...prices } });
    await recordAudit(tx, actor, { action: 'package.update', entity: 'package', entityId: id, before: toApiPackage(current), after: paket });
    return paket;
  });
  // The storefront and /pricing show its names and prices: kept pages end now (server/page-cache.ts).
  publicContentChanged();
  return saved;
}
