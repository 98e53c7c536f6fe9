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

/**
 * The packages' ids and names only, for a choice (the users page's "assign a package"): issue #35,
 * with 2,000 packages their prices were read and rendered into the page for a list of names.
 */
export async function listPackageNames(db: Db): Promise<{ id: number; ad: string }[]> {
  return db.select({ id: packages.id, ad: packages.ad }).from(packages).where(isNull(packages.deletedAt)).orderBy(asc(packages.id));
}
