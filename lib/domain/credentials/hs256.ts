import crypto from 'node:crypto';

/**
 * Compact HS256 JSON Web Tokens, signed and verified synchronously with node:crypto's HMAC
 * (issue #19). jose does the same through WebCrypto, whose every sign and verify is an
 * asynchronous job through Node's crypto layer: 4 % of the server's CPU in the send benchmark,
 * one verify per request. The format is the standard one, so tokens jose signed before are
 * accepted and jose accepts these (tested both ways in hs256.test.ts).
 *
 * Deliberately narrow: one algorithm, a protected header of `alg` (and optionally `typ: "JWT"`)
 * only, so an unknown `crit` or `b64` parameter, or any other algorithm (`none` included), is
 * refused rather than interpreted.
 */

/** The HMAC key of a secret, made once per secret by the caller. */
export function hs256Key(secret: string): crypto.KeyObject {
  return crypto.createSecretKey(Buffer.from(secret, 'utf8'));
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
/** Far longer than any token we issue: a guard against parsing megabytes. */
const MAX_TOKEN = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function mac(key: crypto.KeyObject, signingInput: string): string {
  return crypto.createHmac('sha256', key).update(signingInput, 'ascii').digest('base64url');
}

/** Signs `claims` (a JSON object) as a compact HS256 token. */
export function signHs256(claims: Record<string, unknown>, key: crypto.KeyObject): string {
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${mac(key, input)}`;
}

export type JwtClaims = Record<string, unknown> & { exp: number; sub: string; iat?: number; nbf?: number };

/**
 * The claims of a token signed with `key`, or null: malformed, another algorithm or header
 * parameter, a wrong signature, no `exp` or `sub`, expired (`exp` at or before now, as jose
 * counts it), not yet valid (`nbf`), or a claim of the wrong type.
 */
export function verifyHs256(token: string, key: crypto.KeyObject, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;

  const expected = mac(key, `${header}.${payload}`);
  // Constant time over the encoded signature; a different length is a different signature.
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;

  const head = parseObject(header);
  if (!head || head.alg !== 'HS256') return null;
  for (const name of Object.keys(head)) {
    if (name !== 'alg' && !(name === 'typ' && head.typ === 'JWT')) return null;
  }

  const claims = parseObject(payload);
  if (!claims) return null;
  const { exp, sub, iat, nbf } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= nowSeconds) return null;
  if (typeof sub !== 'string') return null;
  if (iat !== undefined && (typeof iat !== 'number' || !Number.isFinite(iat))) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || !Number.isFinite(nbf) || nbf > nowSeconds)) return null;
  return claims as JwtClaims;
}

function parseObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
