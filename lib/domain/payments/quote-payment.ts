import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { packages, platforms as platformsTable } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { isPlatform, type Platform } from '@/lib/domain/catalogue/services';
import { findValidDiscountCode } from '@/lib/domain/discounts';
import { withPrices } from '@/lib/domain/packages';
import { MIN_CHARGE_CENTS, discountedCents, isTopupAmount, subtotalCents } from './amounts';

export type PackageQuoteInput = { packageId: number; platformIds: (string | number)[]; discountCode?: string | null };

export type PackageQuote = {
  packageId: number;
  packageName: string;
  platforms: Platform[];
  subtotalCents: number;
  discountCodeId: number | null;
  discountCode: string | null;
  discountPercent: number;
  amountCents: number;
};

/** Platform names, or the platforms table's ids (§7 says platformIds), to active platform names. */
async function resolvePlatforms(db: Db, refs: (string | number)[]): Promise<Platform[]> {
  const rows = await db.select({ id: platformsTable.id, ad: platformsTable.ad, aktif: platformsTable.aktif }).from(platformsTable);
  const chosen = new Set<Platform>();
  for (const ref of refs) {
    const row = typeof ref === 'number' || /^\d+$/.test(ref) ? rows.find((r) => r.id === Number(ref)) : rows.find((r) => r.ad === String(ref).toLowerCase());
    if (!row || !isPlatform(row.ad)) throw new AppError('PLATFORM_NOT_FOUND');
    if (!row.aktif) throw new AppError('PLATFORM_INACTIVE', { params: { platform: row.ad } });
    chosen.add(row.ad);
  }
  if (chosen.size === 0) throw new AppError('PLATFORM_REQUIRED');
  return [...chosen];
}

/**
 * The price of a package for the chosen platforms (§9): the sum of their prices, less the
 * discount code's percent, rounded half up to the cent. Computed here only; the client's figure
 * is never used. A platform the package has no price on is not sold with it (PACKAGE_NOT_FOR_PLATFORM),
 * never given away at 0.
 */
export async function quotePackage(db: Db, input: PackageQuoteInput): Promise<PackageQuote> {
  const [pkg] = await db
    .select(withPrices)
    .from(packages)
    .where(and(eq(packages.id, input.packageId), isNull(packages.deletedAt)));
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
  const chosen = await resolvePlatforms(db, input.platformIds);
  if (chosen.some((p) => pkg.prices[p] === undefined)) throw new AppError('PACKAGE_NOT_FOR_PLATFORM');
  const subtotal = subtotalCents(pkg.prices, chosen);
  const code = input.discountCode?.trim() ? await findValidDiscountCode(db, { kod: input.discountCode, packageId: pkg.id }) : null;
  const amountCents = discountedCents(subtotal, code?.indirimYuzdesi ?? 0);
  return {
    packageId: pkg.id,
    packageName: pkg.ad,
    platforms: chosen,
    subtotalCents: subtotal,
    discountCodeId: code?.id ?? null,
    discountCode: code?.kod ?? null,
    discountPercent: code?.indirimYuzdesi ?? 0,
    amountCents,
  };
}

/** A package total that can actually be charged by card. */
export function assertChargeable(amountCents: number): void {
  if (amountCents < MIN_CHARGE_CENTS) throw new AppError('AMOUNT_BELOW_MINIMUM', { params: { minimum: (MIN_CHARGE_CENTS / 100).toFixed(2) } });
}

export function assertTopupAmount(amount: unknown): number {
  if (!isTopupAmount(amount)) throw new AppError('TOPUP_AMOUNT_INVALID');
  return amount;
}

