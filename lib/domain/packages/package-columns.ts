import 'server-only';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { dollarsToCents } from '@/lib/infra/money';
import type { PackageInput } from './schemas';

/**
 * The stored columns of a package form: dollars become integer cents here, once. A name in another
 * language that the caller left out is not written (an update keeps it; a new package has none).
 */
export function packageColumns(input: PackageInput) {
  return {
    ad: input.ad,
    ...(input.ad_en !== undefined ? { nameEn: input.ad_en } : {}),
    ...(input.ad_de !== undefined ? { nameDe: input.ad_de } : {}),
    gunlukLimit: input.gunluk_limit,
    profilLimit: input.profil_limit,
  };
}

/** The form's price per platform of the registry, in integer cents (the rows of package_prices). */
export function packagePriceCents(input: PackageInput): Record<Platform, number> {
  return Object.fromEntries(PLATFORMS.map((platform) => [platform, dollarsToCents(input.platform_fiyatlari[platform])])) as Record<Platform, number>;
}
