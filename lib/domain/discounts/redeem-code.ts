import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { discountCodePackages, discountCodes, discountRedemptions } from '@/db/schema';
import { isAppError } from '@/lib/infra/errors';
import { findValidDiscountCode } from './find-valid-discount-code';

export type RedeemResult = { ok: true; redemptionId: number } | { ok: false; reason: string };

/**
 * Counts one use of a code for a payment, within its maximum, however many buyers race for the
 * last use: one conditional UPDATE re-checks everything (active, not expired, valid for the
 * package, the percent the buyer was quoted, a use left) under the row lock PostgreSQL takes, so
 * concurrent redeemers queue and only those that still find a use left succeed. The CHECK
 * kullanilan_sayisi <= maksimum_kullanim and the unique payment_id of discount_redemptions are the
 * last line of defence. Call it inside the transaction that credits the payment.
 * On failure, `reason` is the error code of the customer's code check (DISCOUNT_CODE_USED_UP,
 * _EXPIRED, _INVALID, _NOT_FOR_PACKAGE) or DISCOUNT_CODE_CHANGED when only the percent moved.
 */
export async function redeemDiscountCode(
  db: Db,
  input: { codeId: number; packageId: number; percent: number; userId: number; paymentId: number },
): Promise<RedeemResult> {
  const [counted] = await db
    .update(discountCodes)
    .set({ kullanilanSayisi: sql`${discountCodes.kullanilanSayisi} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(discountCodes.id, input.codeId),
        eq(discountCodes.aktif, true),
        eq(discountCodes.indirimYuzdesi, input.percent),
        sql`${discountCodes.bitisTarihi} > now()`,
        sql`${discountCodes.kullanilanSayisi} < ${discountCodes.maksimumKullanim}`,
        sql`exists (select 1 from ${discountCodePackages} where ${discountCodePackages.codeId} = ${input.codeId} and ${discountCodePackages.packageId} = ${input.packageId})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!counted) return { ok: false, reason: await whyNot(db, input) };
  const [row] = await db
    .insert(discountRedemptions)
    .values({ codeId: input.codeId, userId: input.userId, paymentId: input.paymentId })
    .returning({ id: discountRedemptions.id });
  return { ok: true, redemptionId: row!.id };
}

async function whyNot(db: Db, input: { codeId: number; packageId: number; percent: number }): Promise<string> {
  const [code] = await db.select({ kod: discountCodes.kod }).from(discountCodes).where(eq(discountCodes.id, input.codeId));
  if (!code) return 'DISCOUNT_CODE_INVALID';
  try {
    const valid = await findValidDiscountCode(db, { kod: code.kod, packageId: input.packageId });
    return valid.indirimYuzdesi !== input.percent ? 'DISCOUNT_CODE_CHANGED' : 'DISCOUNT_CODE_INVALID';
  } catch (err) {
    if (isAppError(err)) return err.code;
    throw err;
  }
}
