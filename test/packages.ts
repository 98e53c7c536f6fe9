import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { writePackagePrices, type PackagePrices } from '@/lib/domain/packages';

/** A package row to insert, with its prices (cents by platform; a platform left out has no row: not sold there). */
export type TestPackage = typeof packages.$inferInsert & { prices?: PackagePrices };

/** Inserts packages and their price rows (issue #34 item 2), in order; answers the package rows. */
export async function insertPackages(db: Db, rows: TestPackage[]): Promise<(typeof packages.$inferSelect)[]> {
  const out: (typeof packages.$inferSelect)[] = [];
  for (const { prices, ...values } of rows) {
    const [row] = await db.insert(packages).values(values).returning();
    if (prices) await writePackagePrices(db, row!.id, prices);
    out.push(row!);
  }
  return out;
}
