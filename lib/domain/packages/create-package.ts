import 'server-only';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { publicContentChanged } from '@/lib/infra/cache';
import { packageColumns, packagePriceCents } from './package-columns';
import { writePackagePrices } from './package-prices';
import type { PackageInput } from './schemas';
import { toApiPackage, type ApiPackage } from './shapes';

/** POST /paketler: the package and its price rows in one transaction. */
export async function createPackage(db: Db, actor: Actor, input: PackageInput): Promise<ApiPackage> {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx.insert(packages).values(packageColumns(input)).returning();
    const prices = packagePriceCents(input);
    await writePackagePrices(tx, row!.id, prices);
    const paket = toApiPackage({ ...row!, prices });
    await recordAudit(tx, actor, { action: 'package.create', entity: 'package', entityId: paket.id, after: paket });
    return paket;
  });
  // The storefront and /pricing show its names and prices: kept pages end now (server/page-cache.ts).
  publicContentChanged();
  return saved;
}
