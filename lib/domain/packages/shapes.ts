import 'server-only';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { centsToDollars } from '@/lib/infra/money';
import { packageName } from './package-name';
import type { PackageWithPrices } from './package-prices';

/**
 * §3 Package with prices in dollars. `ad` is the Turkish name (§7); `ad_en` and `ad_de` the
 * English and German names, null when none was given (issue #32 item 6). `platform_fiyatlari` has
 * one key per platform of the registry; 0 where the package has no price, i.e. is not sold there
 * (a platform added after the package was priced).
 */
export type ApiPackage = {
  id: number;
  ad: string;
  ad_en: string | null;
  ad_de: string | null;
  platform_fiyatlari: Record<Platform, number>;
  gunluk_limit: number;
  profil_limit: number;
};

/** A package for sale (GET /paketler), with `gorunen_ad`: its name in the request's language, after the fallback. */
export type PublicPackage = ApiPackage & { gorunen_ad: string };

export function toApiPackage(p: PackageWithPrices): ApiPackage {
  return {
    id: p.id,
    ad: p.ad,
    ad_en: p.nameEn,
    ad_de: p.nameDe,
    platform_fiyatlari: Object.fromEntries(PLATFORMS.map((platform) => [platform, centsToDollars(p.prices[platform] ?? 0)])) as Record<Platform, number>,
    gunluk_limit: p.gunlukLimit,
    profil_limit: p.profilLimit,
  };
}

export function toPublicPackage(p: PackageWithPrices, locale: string): PublicPackage {
  return { ...toApiPackage(p), gorunen_ad: packageName(p, locale) };
}
