import 'server-only';
import { and, asc, desc, eq, exists, ilike, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, userPackages, users } from '@/db/schema';
import { orderByKey, orderKeyOfInput } from '@/lib/domain/order-view';
import { toAdminUser, type ActivePackage, type AdminUser } from './shapes';
import { notEnded } from '@/lib/domain/subscriptions';

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

export const USER_SORTS = ['created', 'balance', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type UserSearch = {
  q?: string;
  limit: number;
  offset: number;
  /** Column to order by (sign-up date by default); ties fall back to the newest id. */
  sort?: UserSort;
  dir?: 'asc' | 'desc';
  rol?: 'user' | 'admin';
  /** Active or deactivated accounts. */
  durum?: 'aktif' | 'pasif';
  /** With or without a running subscription. */
  paket?: 'var' | 'yok';
};

/**
 * The back office's users list: one page of users, filtered (name, e-mail or phone contains `q`,
 * case-insensitive, `%` and `_` as plain characters, or `q` is the number ("#123", "123") or UUID
 * of one of their orders; role; active; running subscription) and
 * sorted on the server, with the number of matches. Newest sign-up first by default.
 */
export async function searchUsersWithPackages(db: Db, { q, limit, offset, sort = 'created', dir = 'desc', rol, durum, paket }: UserSearch): Promise<{ users: (UserWithPackages & { bakiye_cents: number })[]; total: number }> {
  const term = q?.trim();
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Issue #33: an order's number ("#123", "123") or UUID, as a customer quotes it, finds its owner too.
    const order = orderKeyOfInput(term);
    const owner = order ? exists(db.select({ one: sql`1` }).from(orders).where(and(eq(orders.userId, users.id), orderByKey(order)))) : undefined;
    conditions.push(or(ilike(users.adSoyad, pattern), ilike(users.email, pattern), ilike(users.telefon, pattern), owner)!);
  }
  if (rol) conditions.push(eq(users.rol, rol));
  if (durum) conditions.push(eq(users.aktif, durum === 'aktif'));
  if (paket) {
    const running = db.select({ one: sql`1` }).from(userPackages).where(and(eq(userPackages.userId, users.id), notEnded(new Date())));
    conditions.push(paket === 'var' ? exists(running) : notExists(running));
  }
  const where = and(...conditions);
  const column = sort === 'balance' ? users.bakiyeCents : sort === 'name' ? users.adSoyad : users.createdAt;
  const order = dir === 'asc' ? [asc(column), asc(users.id)] : [desc(column), desc(users.id)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    users: await withPackages(
      db,
      rows.map((row) => ({ ...toAdminUser(row), bakiye_cents: row.bakiyeCents })),
    ),
    total,
  };
}

async function withPackages<U extends AdminUser>(db: Db, list: U[]): Promise<(U & { aktif_paketler: ActivePackage[] })[]> {
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
