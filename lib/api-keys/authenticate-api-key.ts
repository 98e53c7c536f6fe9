import 'server-only';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import type { AuthUser } from '@/lib/auth';
import { hashApiKey, looksLikeApiKey } from './key-material';

export type ApiKeyCaller = { keyId: number; user: AuthUser };

/**
 * The owner of a working key, or null. A missing, malformed, unknown or revoked key and a key of
 * a deactivated or deleted account all end in the same null, which the API answers with one
 * identical 401 (no key enumeration). The key is found by its SHA-256 through a unique index.
 * last_used_at is written at most once a minute per key, so a busy key does not write per request.
 */
export async function authenticateApiKey(db: Db, key: unknown, now: Date = new Date()): Promise<ApiKeyCaller | null> {
  if (!looksLikeApiKey(key)) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      id: users.id,
      rol: users.rol,
      email: users.email,
      adSoyad: users.adSoyad,
      locale: users.locale,
      aktif: users.aktif,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt), isNull(users.deletedAt)));
  if (!row || !row.aktif) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000)))));
  }
  // API callers act as customers: a key never opens the admin area (isAdminSession needs kind 'admin').
  return { keyId: row.keyId, user: { id: row.id, rol: row.rol, email: row.email, adSoyad: row.adSoyad, locale: row.locale, kind: 'user' } };
}
