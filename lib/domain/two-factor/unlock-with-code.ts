import 'server-only';
import type { Db } from '@/db/client';
import { hitRateLimit, refundRateLimit } from '@/lib/infra/rate-limit';
import { lockCredentials, useSecondFactor } from './credentials';
import { twoFactorRule } from './rules';

/**
 * Whether `code` (a TOTP code of a step not used yet, or an unused recovery code) is right for an
 * account with two-factor sign-in on; a right one is used up. For the locked login
 * (lib/domain/auth/login-lock.ts), called only after the right password. It never throws a refusal of
 * its own: an account over its code limit (TWO_FACTOR_LIMITS.codeAccount) just gets false, so the
 * caller's answer stays the same whatever happened here (a 429 only for right passwords would tell
 * a guesser the password was right).
 */
export async function unlockWithSecondFactor(db: Db, userId: number, code: string, nowMs: number = Date.now()): Promise<boolean> {
  const rule = twoFactorRule('codeAccount', userId);
  const hit = await hitRateLimit(db, rule);
  if (!hit.allowed) return false;
  const ok = await db.transaction(async (tx) => {
    const cred = await lockCredentials(tx, userId);
    if (!cred?.enabledAt) return false;
    return (await useSecondFactor(tx, cred, code, nowMs)).ok;
  });
  if (ok) await refundRateLimit(db, rule.key);
  return ok;
}
