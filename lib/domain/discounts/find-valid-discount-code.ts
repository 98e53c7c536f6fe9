import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { discountCodePackages, discountCodes, packages } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';

export type ValidDiscountCode = typeof discountCodes.$inferSelect;

/**
 * The customer's code check (§7 POST /indirim-kodlari/validate), shared with the payment flow:
 * the code (trimmed, upper-cased) exists and is active, has not expired, is under its maximum
 * use, and is valid for that package. With `forUpdate` the code row is locked, for a caller
 * that redeems it in the same transaction.
 */
export async function findValidDiscountCode(db: Db, input: { kod: string; packageId: number; forUpdate?: boolean }): Promise<ValidDiscountCode> {
  const kod = input.kod.trim().toUpperCase();
  if (!kod) throw new AppError('DISCOUNT_CODE_INVALID');
  const [pkg] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.id, input.packageId), isNull(packages.deletedAt)));
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
  const query = db.select().from(discountCodes).where(sql`upper(${discountCodes.kod}) = ${kod}`);
  const [code] = input.forUpdate ? await query.for('update') : await query;
  if (!code || !code.aktif) throw new AppError('DISCOUNT_CODE_INVALID');
  if (code.bitisTarihi.getTime() <= Date.now()) throw new AppError('DISCOUNT_CODE_EXPIRED');
  if (code.kullanilanSayisi >= code.maksimumKullanim) throw new AppError('DISCOUNT_CODE_USED_UP');
  const [link] = await db
    .select()
    .from(discountCodePackages)
    .where(and(eq(discountCodePackages.codeId, code.id), eq(discountCodePackages.packageId, pkg.id)));
  if (!link) throw new AppError('DISCOUNT_CODE_NOT_FOR_PACKAGE');
  return code;
}

/** POST /indirim-kodlari/validate → indirim_yuzdesi. */
export async function validateDiscountCode(db: Db, input: { kod: string; paketId: number }): Promise<{ indirim_yuzdesi: number; kod: string }> {
  const code = await findValidDiscountCode(db, { kod: input.kod, packageId: input.paketId });
  return { indirim_yuzdesi: code.indirimYuzdesi, kod: code.kod };
}
