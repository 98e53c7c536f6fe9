import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { discountCodePackages, discountCodes } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { ensurePackagesExist } from './ensure-packages-exist';
import { parseEndDate } from './dates';
import { packageIdsOfCode } from './list-discount-codes';
import type { DiscountUpdateInput } from './schemas';
import { toApiDiscountCode, type ApiDiscountCode } from './shapes';
import { isUniqueViolation } from '@/db/errors';

/**
 * PUT /indirim-kodlari/{id}: the admin's toggle (full code with a changed `aktif`) or the edit
 * form. The usage count is the system's, never the client's; the maximum cannot drop below it.
 */
export async function updateDiscountCode(db: Db, actor: Actor, id: number, input: DiscountUpdateInput): Promise<ApiDiscountCode> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!current) throw new AppError('DISCOUNT_CODE_NOT_FOUND');
      const currentPackages = await packageIdsOfCode(tx, id);
      const before = toApiDiscountCode(current, currentPackages);

      const maksimum = input.maksimum_kullanim ?? current.maksimumKullanim;
      if (maksimum < current.kullanilanSayisi) {
        throw new AppError('DISCOUNT_MAX_BELOW_USED', { params: { used: current.kullanilanSayisi } });
      }
      const packagesChanged = input.paket_id !== undefined && JSON.stringify([...input.paket_id].sort()) !== JSON.stringify([...currentPackages].sort());
      if (input.paket_id && packagesChanged) await ensurePackagesExist(tx, input.paket_id);

      const [row] = await tx
        .update(discountCodes)
        .set({
          kod: input.kod ?? current.kod,
          indirimYuzdesi: input.indirim_yuzdesi ?? current.indirimYuzdesi,
          maksimumKullanim: maksimum,
          bitisTarihi: input.bitis_tarihi !== undefined ? parseEndDate(input.bitis_tarihi) : current.bitisTarihi,
          aktif: input.aktif ?? current.aktif,
          updatedAt: sql`now()`,
        })
        .where(eq(discountCodes.id, id))
        .returning();
      if (input.paket_id && packagesChanged) {
        await tx.delete(discountCodePackages).where(eq(discountCodePackages.codeId, id));
        await tx.insert(discountCodePackages).values(input.paket_id.map((packageId) => ({ codeId: id, packageId })));
      }
      const after = toApiDiscountCode(row!, input.paket_id ?? currentPackages);
      // Only the state changed: the table's active/passive switch.
      const toggled = before.aktif !== after.aktif && JSON.stringify({ ...before, aktif: after.aktif }) === JSON.stringify(after);
      await recordAudit(tx, actor, { action: toggled ? 'discount.toggle' : 'discount.update', entity: 'discount_code', entityId: id, before, after });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('DISCOUNT_CODE_TAKEN');
    throw err;
  }
}
