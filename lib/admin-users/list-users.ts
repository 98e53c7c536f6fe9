import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages, users } from '@/db/schema';
import { toAdminUser, type ActivePackage, type AdminUser } from './shapes';

/** GET /users: every user that is not deleted, newest first. */
export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db.select().from(users).where(isNull(users.deletedAt)).orderBy(desc(users.id));
  return rows.map(toAdminUser);
}

/** GET /users/with-packages: users with `aktif_paketler` (running subscriptions only). */
export async function listUsersWithPackages(db: Db): Promise<(AdminUser & { aktif_paketler: ActivePackage[] })[]> {
  const list = await listUsers(db);
  if (list.length === 0) return [];
  const subs = await db
    .select()
    .from(userPackages)
    .where(and(inArray(userPackages.userId, list.map((u) => u.id)), eq(userPackages.status, 'active'), gt(userPackages.endsAt, new Date())))
    .orderBy(asc(userPackages.platform));
  return list.map((u) => ({
    ...u,
    aktif_paketler: subs
      .filter((s) => s.userId === u.id)
      .map((s) => ({ id: s.id, platform: s.platform, paket_adi: s.paketAdi, bitis_tarihi: s.endsAt.toISOString() })),
  }));
}
