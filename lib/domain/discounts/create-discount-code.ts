import 'server-only';
import type { Db } from '@/db/client';
import { discountCodePackages, discountCodes } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { ensurePackagesExist } from './ensure-packages-exist';
import { parseEndDate } from './dates';
import type { DiscountInput } from './schemas';
import { toApiDiscountCode, type ApiDiscountCode } from './shapes';
import { isUniqueViolation } from '@/db/errors';

/** POST /indirim-kodlari. Codes are unique regardless of case; the end date may not be in the past. */
export async function createDiscountCode(db: Db, actor: Actor, input: DiscountInput): Promise<ApiDiscountCode> {
  const bitis = parseEndDate(input.bitis_tarihi);
  if (bitis.getTime() <= Date.now()) throw new AppError('DISCOUNT_DATE_PAST');
  try {
    return await db.transaction(async (tx) => {
      await ensurePackagesExist(tx, input.paket_id);
      const [row] = await tx
        .insert(discountCodes)
        .values({
          kod: input.kod,
          indirimYuzdesi: input.indirim_yuzdesi,
          maksimumKullanim: input.maksimum_kullanim,
          bitisTarihi: bitis,
          aktif: input.aktif,
        })
        .returning();
      await tx.insert(discountCodePackages).values(input.paket_id.map((packageId) => ({ codeId: row!.id, packageId })));
      const code = toApiDiscountCode(row!, input.paket_id);
      await recordAudit(tx, actor, { action: 'discount.create', entity: 'discount_code', entityId: code.id, after: code });
      return code;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('DISCOUNT_CODE_TAKEN');
    throw err;
  }
}
