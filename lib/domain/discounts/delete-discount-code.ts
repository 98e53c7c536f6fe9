import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { discountCodes, discountRedemptions } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { packageIdsOfCode } from './list-discount-codes';
import { toApiDiscountCode } from './shapes';

/**
 * DELETE /indirim-kodlari/{id}. A code that has never been redeemed is removed; a redeemed one
 * stays because payments and redemptions point at it: the admin makes it passive instead.
 */
export async function deleteDiscountCode(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!current) throw new AppError('DISCOUNT_CODE_NOT_FOUND');
    const [{ used } = { used: 0 }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, id));
    if (used > 0 || current.kullanilanSayisi > 0) throw new AppError('DISCOUNT_CODE_IN_USE');
    const before = toApiDiscountCode(current, await packageIdsOfCode(tx, id));
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await recordAudit(tx, actor, { action: 'discount.delete', entity: 'discount_code', entityId: id, before, after: { deleted: true } });
  });
}
