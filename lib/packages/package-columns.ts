import 'server-only';
import { dollarsToCents } from '@/lib/money';
import type { PackageInput } from './schemas';

/** The stored columns of a package form: dollars become integer cents here, once. */
export function packageColumns(input: PackageInput) {
  return {
    ad: input.ad,
    priceInstagramCents: dollarsToCents(input.platform_fiyatlari.instagram),
    priceTwitterCents: dollarsToCents(input.platform_fiyatlari.twitter),
    priceYoutubeCents: dollarsToCents(input.platform_fiyatlari.youtube),
    gunlukLimit: input.gunluk_limit,
    profilLimit: input.profil_limit,
  };
}
