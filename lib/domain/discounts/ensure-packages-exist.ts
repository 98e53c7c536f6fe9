import 'server-only';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';

/** A code may only name packages that are for sale. */
export async function ensurePackagesExist(db: Db, ids: number[]): Promise<void> {
  const found = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(inArray(packages.id, ids), isNull(packages.deletedAt)));
  if (found.length !== ids.length) throw new AppError('PACKAGE_NOT_FOUND');
}
