import 'server-only';
import { desc, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { discountCodePackages, discountCodes } from '@/db/schema';
import { toApiDiscountCode, type ApiDiscountCode } from './shapes';

/** GET /indirim-kodlari (admin): every code, newest first, with its packages. */
export async function listDiscountCodes(db: Db): Promise<ApiDiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.id));
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(discountCodePackages)
    .where(inArray(discountCodePackages.codeId, rows.map((r) => r.id)));
  return rows.map((r) => toApiDiscountCode(r, links.filter((l) => l.codeId === r.id).map((l) => l.packageId)));
}

export async function packageIdsOfCode(db: Db, codeId: number): Promise<number[]> {
  const links = await db.select().from(discountCodePackages).where(inArray(discountCodePackages.codeId, [codeId]));
  return links.map((l) => l.packageId);
}
