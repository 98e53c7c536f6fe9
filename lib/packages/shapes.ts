import 'server-only';
import type { packages } from '@/db/schema';
import { centsToDollars } from '@/lib/money';

/** §3 Package with prices in dollars. */
export type ApiPackage = {
  id: number;
  ad: string;
  platform_fiyatlari: { instagram: number; twitter: number; youtube: number };
  gunluk_limit: number;
  profil_limit: number;
};

export function toApiPackage(p: typeof packages.$inferSelect): ApiPackage {
  return {
    id: p.id,
    ad: p.ad,
    platform_fiyatlari: {
      instagram: centsToDollars(p.priceInstagramCents),
      twitter: centsToDollars(p.priceTwitterCents),
      youtube: centsToDollars(p.priceYoutubeCents),
    },
    gunluk_limit: p.gunlukLimit,
    profil_limit: p.profilLimit,
  };
}
