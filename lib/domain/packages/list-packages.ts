import 'server-only';
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { withPrices } from './package-prices';
import { toPublicPackage, type PublicPackage } from './shapes';

/**
 * GET /paketler (public): packages that are for sale, deleted ones left out, each with its names in
 * every language and `gorunen_ad`, the one for `locale` (Turkish by default), and its prices (read
 * in the same statement).
 */
export async function listPackages(db: Db, locale = 'tr'): Promise<PublicPackage[]> {
  const rows = await db.select(withPrices).from(packages).where(isNull(packages.deletedAt)).orderBy(asc(packages.id));
  return rows.map((r) => toPublicPackage(r, locale));
}
