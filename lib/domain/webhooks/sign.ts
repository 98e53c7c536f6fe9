import crypto from 'node:crypto';

/**
 * The webhook signature (docs/reseller-api.md "Verifying a webhook"): the header
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp is
 * inside the signed text, so a captured delivery cannot be replayed later with a new time; the
 * receiver refuses a `t` older than its tolerance (5 minutes in the documented recipes).
 */
export const SIGNATURE_HEADER = 'X-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, body: string, timestamp: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** The receiving side, as the docs describe it (used by the tests to check the recipe holds). */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
