import 'server-only';
import crypto from 'node:crypto';

/** A reset link is valid for one hour (docs/decisions.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** 32 random bytes, base64url: what goes into the mail. */
export function newResetToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Only this SHA-256 is stored, so a leaked table does not leak usable links. */
export function hashResetToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}
