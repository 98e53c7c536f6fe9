import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages, users } from '@/db/schema';
import { inForce } from '@/lib/domain/subscriptions';

/** §3 User as the customer sees it (the `kullanici` of login, verify and profile answers). */
export type Kullanici = {
  id: number;
  ad: string;
  ad_soyad: string;
  email: string;
  telefon: string;
  meslek: string;
  rol: 'user' | 'admin';
  aktif_paketler: { id: number; platform: string; paket_adi: string; bitis_tarihi: string }[];
};

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'adSoyad' | 'email' | 'telefon' | 'meslek' | 'rol'>;

/** The user with the running subscriptions (active and not yet ended); null when missing or deleted. */
export async function getKullanici(db: Db, userId: number): Promise<Kullanici | null> {
  const [user] = await db
    .select({ id: users.id, adSoyad: users.adSoyad, email: users.email, telefon: users.telefon, meslek: users.meslek, rol: users.rol })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user ? toKullanici(db, user) : null;
}

export async function toKullanici(db: Db, user: UserRow): Promise<Kullanici> {
  const packages = await db
    .select({ id: userPackages.id, platform: userPackages.platform, paketAdi: userPackages.paketAdi, endsAt: userPackages.endsAt })
    .from(userPackages)
    .where(and(eq(userPackages.userId, user.id), inForce(new Date())))
    .orderBy(asc(userPackages.platform));
  return {
    id: user.id,
    ad: user.adSoyad,
    ad_soyad: user.adSoyad,
    email: user.email,
    telefon: user.telefon,
    meslek: user.meslek,
    rol: user.rol,
    aktif_paketler: packages.map((p) => ({ id: p.id, platform: p.platform, paket_adi: p.paketAdi, bitis_tarihi: p.endsAt.toISOString() })),
  };
}
