import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { loginChallenges, recoveryCodes, totpCredentials, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { verifyPassword } from '@/lib/domain/credentials';
import { enforceRateLimit, refundRateLimit } from '@/lib/infra/rate-limit';
import { adminTwoFactorRequired, lockCredentials, useSecondFactor } from './credentials';
import { twoFactorRule } from './rules';

export type DisableTwoFactorInput = { userId: number; rol: 'user' | 'admin'; code: string; currentPassword: string; nowMs?: number };

/**
 * POST /api/auth/2fa/disable: the current password and a code (TOTP or recovery) turn two-factor
 * sign-in off and delete the secret, the recovery codes and open login challenges. While the site
 * requires it of admins, an admin cannot turn it off (409 TWO_FACTOR_ADMIN_REQUIRED): they would
 * be locked out of /admin-login.
 */
export async function disableTwoFactor(db: Db, input: DisableTwoFactorInput): Promise<void> {
  const rule = twoFactorRule('settingsAccount', input.userId);
  await enforceRateLimit(db, rule);
  if (input.rol === 'admin' && (await adminTwoFactorRequired(db))) throw new AppError('TWO_FACTOR_ADMIN_REQUIRED');
  await db.transaction(async (tx) => {
    const cred = await lockCredentials(tx, input.userId);
    if (!cred?.enabledAt) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
    if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('CURRENT_PASSWORD_WRONG');
    const check = await useSecondFactor(tx, cred, input.code, input.nowMs ?? Date.now());
    if (!check.ok) throw new AppError(check.code);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, input.userId));
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, input.userId));
  });
  await refundRateLimit(db, rule.key);
}
