import 'server-only';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/audit';
import { packageColumns } from './package-columns';
import type { PackageInput } from './schemas';
import { toApiPackage, type ApiPackage } from './shapes';

/** POST /paketler. */
export async function createPackage(db: Db, actor: Actor, input: PackageInput): Promise<ApiPackage> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(packages).values(packageColumns(input)).returning();
    const paket = toApiPackage(row!);
    await recordAudit(tx, actor, { action: 'package.create', entity: 'package', entityId: paket.id, after: paket });
    return paket;
  });
}
