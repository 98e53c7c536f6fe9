import 'server-only';
import { asc, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { toApiPackage, type ApiPackage } from './shapes';

/** GET /paketler (public): packages that are for sale, deleted ones left out. */
export async function listPackages(db: Db): Promise<ApiPackage[]> {
  const rows = await db.select().from(packages).where(isNull(packages.deletedAt)).orderBy(asc(packages.id));
  return rows.map(toApiPackage);
}
