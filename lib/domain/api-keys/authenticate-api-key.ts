import 'server-only';
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { rowsOf } from '@/db/rows';
import { rateLimitHitSql, rateLimitResult, type RateLimitHitRow, type RateLimitResult } from '@/lib/infra/rate-limit';
import { API_KEY_REQUEST_BUCKET, apiKeyRequestRule } from './rules';
import type { AuthUser } from '@/lib/domain/credentials';
import { hashApiKey, looksLikeApiKey } from './key-material';

export type ApiKeyCaller = { keyId: number; user: AuthUser };

export type ApiKeyRequest = ApiKeyCaller & { hit: RateLimitResult; /** What `also` read, when given. */ also: string | null };

/**
 * A text the key check may read in the same statement for the key's owner (`owner`: the owner's
 * id as a SQL expression), evaluated only when the key works and the request is within the key's
 * limit (a refused request costs no more than before): the reseller `status` reads its
 * answer this way (issue #19: one statement instead of two one after the other).
 */
export type AlsoRead = (owner: SQL) => SQL;

/**
 * A read an API route asks for with the key check, before its body is validated (the API-key
 * wrapper's `prefetch`): `read` as above, `of` says what was read, so the handler uses the text
 * only for the input it validated. A wrong guess costs the read, nothing else: the handler reads
 * again.
 */
export type Prefetch = { read: AlsoRead; of: string };

/** The hit's columns, null when no working key was found (then nothing is counted). */
type NullableHit = { [K in keyof RateLimitHitRow]: RateLimitHitRow[K] | null };

/**
 * The owner of a working key with one hit on the key's request budget (apiKeyRequestRule, the
 * same bucket hitRateLimit counts in), or null. A missing, malformed, unknown or revoked key and a
 * key of a deactivated or deleted account all end in the same null, which the API answers with one
 * identical 401 (no key enumeration), and count nothing. The key is found by its SHA-256 through a
 * unique index. Finding the key and counting the hit are one statement (issue #19: every reseller
 * request made them two round trips one after the other). last_used_at is written at most once a
 * minute per key, so a busy key does not write per request.
 */
export async function authenticateApiKeyRequest(db: Db, key: unknown, now: Date = new Date(), also?: AlsoRead): Promise<ApiKeyRequest | null> {
  if (!looksLikeApiKey(key)) return null;
  const { limit, windowSeconds } = apiKeyRequestRule(0);
  const staleBefore = new Date(now.getTime() - 60_000).toISOString();
  const [row] = rowsOf<
    { keyId: number; stale: boolean; id: number; rol: 'user' | 'admin'; email: string; adSoyad: string; locale: AuthUser['locale']; aktif: boolean; also?: string | null } & NullableHit
  >(
    await db.execute(sql`
      with k as (
        select ak.id as "keyId", (ak.last_used_at is null or ak.last_used_at < ${staleBefore}::timestamptz) as stale,
               u.id, u.rol, u.email, u.ad_soyad as "adSoyad", u.locale, u.aktif
        from ${apiKeys} ak join ${users} u on u.id = ak.user_id
        where ak.key_hash = ${hashApiKey(key)} and ak.revoked_at is null and u.deleted_at is null
      ), hit as (
        ${rateLimitHitSql(sql`${API_KEY_REQUEST_BUCKET} || k."keyId"`, windowSeconds, sql`from k where k.aktif`)}
      )
      select k.*, hit.count, hit.remaining${also ? sql`, case when k.aktif and hit.count <= ${limit} then ${also(sql`k.id`)} end as also` : sql``} from k left join hit on true`),
  );
  if (!row || !row.aktif || row.count === null) return null;
  if (row.stale) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000)))));
  }
  return {
    keyId: row.keyId,
    user: { id: row.id, rol: row.rol, email: row.email, adSoyad: row.adSoyad, locale: row.locale, kind: 'user' },
    hit: rateLimitResult({ count: row.count, remaining: row.remaining ?? 0 }, limit),
    also: row.also ?? null,
  };
}
