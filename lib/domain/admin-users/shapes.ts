import 'server-only';
import type { userPackages, users } from '@/db/schema';

type UserRow = typeof users.$inferSelect;
type SubscriptionRow = typeof userPackages.$inferSelect;

/** §3 User as admins see it (no password hash, no balance internals). */
export type AdminUser = {
  id: number;
  ad: string;
  ad_soyad: string;
  email: string;
  telefon: string;
  meslek: string;
  rol: 'user' | 'admin';
  aktif: boolean;
  created_at: string;
};

export type ActivePackage = { id: number; platform: string; paket_adi: string; bitis_tarihi: string };

/** §3 User package, with the fields the admin list needs. */
export type UserSubscription = ActivePackage & {
  ad: string;
  paket_id: number;
  gunluk_limit: number;
  profil_limit: number;
  baslangic_tarihi: string;
  durum: 'active' | 'cancelled';
};

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    ad: u.adSoyad,
    ad_soyad: u.adSoyad,
    email: u.email,
    telefon: u.telefon,
    meslek: u.meslek,
    rol: u.rol,
    aktif: u.aktif,
    created_at: u.createdAt.toISOString(),
  };
}

export function toSubscription(s: SubscriptionRow): UserSubscription {
  return {
    id: s.id,
    ad: s.paketAdi,
    paket_adi: s.paketAdi,
    paket_id: s.packageId,
    platform: s.platform,
    gunluk_limit: s.gunlukLimit,
    profil_limit: s.profilLimit,
    baslangic_tarihi: s.startsAt.toISOString(),
    bitis_tarihi: s.endsAt.toISOString(),
    durum: s.status,
  };
}

/** Audit snapshot of a user: every column except secrets (recordAudit drops them again anyway). */
export function userSnapshot(u: UserRow) {
  return toAdminUser(u) as Record<string, unknown> & { session_version?: number };
}
