import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { publicContentChanged } from '@/lib/infra/cache';
import { withPrices } from './package-prices';
import { toApiPackage } from './shapes';

/**
 * DELETE /paketler/{id}: a soft delete. The package leaves the shop and the assignment list;
 * subscriptions that users already hold keep running until their end date.
 */
export async function deletePackage(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select(withPrices)
      .from(packages)
      .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
      .for('update');
    if (!current) throw new AppError('PACKAGE_NOT_FOUND');
    await tx.update(packages).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(packages.id, id));
    await recordAudit(tx, actor, { action: 'package.delete', entity: 'package', entityId: id, before: toApiPackage(current), after: { deleted: true } });
  });
  // The storefront and /pricing list it: kept pages end now (server/page-cache.ts).
  publicContentChanged();
}
