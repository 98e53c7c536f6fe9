import 'server-only';
import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';

type Row = typeof apiKeys.$inferSelect;

/** A key as its owner sees it (never the key or its hash). */
export type ApiKeyView = {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  webhook_url: string | null;
};

export function toApiKeyView(row: Row): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    webhook_url: row.webhookUrl,
  };
}

/** GET /api/api-keys: the caller's keys that still work, newest first. */
export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyView[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyView);
}

export type AdminApiKeyView = ApiKeyView & {
  revoked_at: string | null;
  user: { id: number; ad_soyad: string; email: string };
};

export type AdminApiKeysQuery = { limit?: number; offset?: number; userId?: number; revoked?: '0' | '1'; q?: string };

/**
 * GET /api/api-keys/admin and /rooting/api-keys: every customer's keys (revoked ones too unless
 * filtered), newest first; `q` matches part of the owner's name or e-mail (`%` and `_` are plain).
 */
export async function listAllApiKeys(db: Db, query: AdminApiKeysQuery = {}): Promise<{ api_keys: AdminApiKeyView[]; toplam: number }> {
  const filters: SQL[] = [];
  if (query.userId) filters.push(eq(apiKeys.userId, query.userId));
  if (query.revoked === '0') filters.push(isNull(apiKeys.revokedAt));
  if (query.revoked === '1') filters.push(isNotNull(apiKeys.revokedAt));
  const term = query.q?.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(users.adSoyad, pattern), ilike(users.email, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({ key: apiKeys, adSoyad: users.adSoyad, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0);
  const [{ toplam } = { toplam: 0 }] = await db
    .select({ toplam: sql<number>`count(*)::int` })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where);
  return {
    toplam,
    api_keys: rows.map(({ key, adSoyad, email }) => ({
      ...toApiKeyView(key),
      revoked_at: key.revokedAt?.toISOString() ?? null,
      user: { id: key.userId, ad_soyad: adSoyad, email },
    })),
  };
}
