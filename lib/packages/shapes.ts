import 'server-only';
import type { packages } from '@/db/schema';
import { centsToDollars } from '@/lib/money';
import { packageName } from './package-name';

/**
 * §3 Package with prices in dollars. `ad` is the Turkish name (§7); `ad_en` and `ad_de` the
 * English and German names, null when none was given (issue #32 item 6).
 */
export type ApiPackage = {
  id: number;
  ad: string;
  ad_en: string | null;
  ad_de: string | null;
  platform_fiyatlari: { instagram: number; twitter: number; youtube: number };
  gunluk_limit: number;
  profil_limit: number;
};

/** A package for sale (GET /paketler), with `gorunen_ad`: its name in the request's language, after the fallback. */
export type PublicPackage = ApiPackage & { gorunen_ad: string };

export function toApiPackage(p: typeof packages.$inferSelect): ApiPackage {
  return {
    id: p.id,
    ad: p.ad,
    ad_en: p.nameEn,
    ad_de: p.nameDe,
    platform_fiyatlari: {
      instagram: centsToDollars(p.priceInstagramCents),
      twitter: centsToDollars(p.priceTwitterCents),
      youtube: centsToDollars(p.priceYoutubeCents),
    },
    gunluk_limit: p.gunlukLimit,
    profil_limit: p.profilLimit,
  };
}

export function toPublicPackage(p: typeof packages.$inferSelect, locale: string): PublicPackage {
  return { ...toApiPackage(p), gorunen_ad: packageName(p, locale) };
}
