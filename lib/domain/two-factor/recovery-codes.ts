import 'server-only';
import crypto from 'node:crypto';

/**
 * Recovery codes: 10 per account, each 16 characters of Crockford's base32 (80 random bits),
 * shown as XXXX-XXXX-XXXX-XXXX. Only a salted SHA-256 of each is stored. A slow hash (argon2) is
 * what protects low-entropy passwords from guessing a leaked hash; 80 random bits cannot be
 * guessed from a hash even at billions of SHA-256 per second, so a fast hash protects them as
 * well and checking a code against the account's ten costs nothing. The per-code salt keeps
 * equal codes (practically impossible anyway) from having equal hashes.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;

export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(LENGTH);
  let code = '';
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  for (const b of bytes) code += ALPHABET[b % 32];
  return code.match(/.{4}/g)!.join('-');
}

/**
 * The code as stored: upper case, without dashes or spaces, with the letters people confuse read
 * as Crockford does (O → 0, I and L → 1); null when it is not a recovery code at all.
 */
export function normalizeRecoveryCode(text: string): string | null {
  const code = text
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

export function hashRecoveryCode(normalized: string, salt: string): string {
  return crypto.createHash('sha256').update(`${salt}:${normalized}`, 'utf8').digest('hex');
}

/** A new salt and the hash of a code (normalized first). */
export function storedRecoveryCode(code: string): { salt: string; codeHash: string } {
  const salt = crypto.randomBytes(16).toString('base64url');
  return { salt, codeHash: hashRecoveryCode(normalizeRecoveryCode(code)!, salt) };
}

export function recoveryCodeMatches(normalized: string, stored: { salt: string; codeHash: string }): boolean {
  const a = Buffer.from(hashRecoveryCode(normalized, stored.salt), 'hex');
  const b = Buffer.from(stored.codeHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
