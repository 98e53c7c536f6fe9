import 'server-only';
import crypto from 'node:crypto';

/**
 * What an API key is made of (issue #16). A key is `etk_` plus 32 random bytes in base64url
 * (256 bits). Only its SHA-256 is stored.
 *
 * Why no slow hash (argon2, as for passwords): a slow hash makes guessing a *low-entropy* secret
 * from a stolen hash expensive. A key drawn from 2^256 possibilities cannot be guessed whatever
 * the hash costs, so SHA-256 loses nothing, and it lets every API request find its key through a
 * unique index (api_keys_hash_uq) in one lookup instead of running argon2 (~50 ms of CPU and
 * 19 MiB) per request, which would itself be a denial-of-service lever.
 */
export const API_KEY_PREFIX = 'etk_';
const KEY_BYTES = 32;
/** `etk_` and 8 characters: enough to tell five keys apart, nothing to guess the rest with. */
export const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const KEY_SHAPE = /^etk_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + crypto.randomBytes(KEY_BYTES).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a string can be a key at all (anything else is refused without a database lookup). */
export function looksLikeApiKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}

/** The HMAC key of a webhook (X-Signature), shown to the owner in the settings. */
export function generateWebhookSecret(): string {
  return 'whsec_' + crypto.randomBytes(32).toString('base64url');
}
