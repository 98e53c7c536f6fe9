import 'server-only';
import { and, asc, desc, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userPackages, users } from '@/db/schema';
import { toAdminUser, type ActivePackage, type AdminUser } from './shapes';
import { notEnded } from '@/lib/subscriptions';

/** GET /users: every user that is not deleted, newest first. */
export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db.select().from(users).where(isNull(users.deletedAt)).orderBy(desc(users.id));
  return rows.map(toAdminUser);
}

type UserWithPackages = AdminUser & { aktif_paketler: ActivePackage[] };

/** GET /users/with-packages: users with `aktif_paketler` (running subscriptions only). */
export async function listUsersWithPackages(db: Db): Promise<UserWithPackages[]> {
  return withPackages(db, await listUsers(db));
}

export type UserSearch = { q?: string; limit: number; offset: number };

/**
 * The back office's users page: one page of users, newest first, whose name, e-mail or phone
 * contains `q` (case-insensitive; `%` and `_` are plain characters), with the number of matches.
 */
export async function searchUsersWithPackages(db: Db, { q, limit, offset }: UserSearch): Promise<{ users: UserWithPackages[]; total: number }> {
  const term = q?.trim();
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.adSoyad, pattern), ilike(users.email, pattern), ilike(users.telefon, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { users: await withPackages(db, rows.map(toAdminUser)), total };
}

async function withPackages(db: Db, list: AdminUser[]): Promise<UserWithPackages[]> {
  if (list.length === 0) return [];
  const subs = await db
    .select()
    .from(userPackages)
    .where(and(inArray(userPackages.userId, list.map((u) => u.id)), notEnded(new Date())))
    .orderBy(asc(userPackages.platform));
  return list.map((u) => ({
    ...u,
    aktif_paketler: subs
      .filter((s) => s.userId === u.id)
      .map((s) => ({ id: s.id, platform: s.platform, paket_adi: s.paketAdi, bitis_tarihi: s.endsAt.toISOString() })),
  }));
}
