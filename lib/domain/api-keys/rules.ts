import 'server-only';
import type { RateLimitRule } from '@/lib/infra/rate-limit';

/** How many keys a customer may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 5;

/**
 * Requests per key and minute (docs/reseller-api.md "Limits"): a fixed window in PostgreSQL
 * (lib/infra/rate-limit), so every node counts against the same bucket.
 */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

/** The per-key bucket's name is this prefix and the key's id (authenticateApiKeyRequest builds it in SQL). */
export const API_KEY_REQUEST_BUCKET = 'apikey:req:';

export function apiKeyRequestRule(keyId: number): RateLimitRule {
  return { key: `${API_KEY_REQUEST_BUCKET}${keyId}`, limit: API_KEY_REQUESTS_PER_MINUTE, windowSeconds: 60 };
}

/** Wrong current passwords when creating or rotating a key: 5 per account per 15 minutes. */
export function apiKeyPasswordRule(userId: number): RateLimitRule {
  return { key: `apikey:pw:${userId}`, limit: 5, windowSeconds: 15 * 60 };
}
