import 'server-only';
import { dollarsToCents } from '@/lib/money';
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
    priceInstagramCents: dollarsToCents(input.platform_fiyatlari.instagram),
    priceTwitterCents: dollarsToCents(input.platform_fiyatlari.twitter),
    priceYoutubeCents: dollarsToCents(input.platform_fiyatlari.youtube),
    gunlukLimit: input.gunluk_limit,
    profilLimit: input.profil_limit,
  };
}
