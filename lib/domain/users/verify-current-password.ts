import 'server-only';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/infra/errors';
import { refundRateLimit, takeRateLimits, type RateLimitRule } from '@/lib/infra/rate-limit';
import { verifyPassword } from '@/lib/domain/credentials';

/**
 * Checks the current password that a change in the settings asks for (e-mail or password change,
 * and any later endpoint taking `currentPassword`). Guesses are limited per account like logins
 * (CURRENT_PASSWORD_LIMIT: 5 wrong in 15 min, then 429 RATE_LIMITED); a right password gives
 * its hit back. Missing → 400 CURRENT_PASSWORD_REQUIRED, wrong → 400 CURRENT_PASSWORD_WRONG (not
 * 401: §8 clients drop their session on any 401).
 *
 * Call it with the database, not inside a transaction: a wrong guess throws, and the counted hit
 * must survive the rollback.
 */
/** Wrong current passwords in the settings (profile e-mail/password change), per account. */
export const CURRENT_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 } as const;

/** The bucket keeps the key it had beside the sign-in limits (lib/domain/auth/rate-limit-rules.ts), so counts survive an upgrade. */
const currentPasswordRule = (userId: number): RateLimitRule => ({ key: `auth:currentPassword:${userId}`, ...CURRENT_PASSWORD_LIMIT });

export async function verifyCurrentPassword(db: Db, user: { id: number; passwordHash: string }, password: string): Promise<void> {
  if (password === '') throw new AppError('CURRENT_PASSWORD_REQUIRED');
  const rule = currentPasswordRule(user.id);
  await takeRateLimits(db, [rule]);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('CURRENT_PASSWORD_WRONG');
  await refundRateLimit(db, rule.key);
}
