import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { recoveryCodes, totpCredentials, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { verifyPassword } from '@/lib/domain/credentials';
import { enforceRateLimit, refundRateLimit } from '@/lib/infra/rate-limit';
import { lockCredentials, totpStepOf } from './credentials';
import { newRecoveryCode, RECOVERY_CODE_COUNT, storedRecoveryCode } from './recovery-codes';
import { twoFactorRule } from './rules';
import { asTotpCode } from './totp';

export type EnableTwoFactorInput = { userId: number; code: string; currentPassword: string; nowMs?: number };

/**
 * POST /api/auth/2fa/enable: the current password and a code of the pending secret turn two-factor
 * sign-in on. Answers ten new recovery codes, the only time they are shown (only their hashes are
 * kept). The code's step counts as used, so it cannot also finish a login.
 */
export async function enableTwoFactor(db: Db, input: EnableTwoFactorInput): Promise<{ recovery_codes: string[] }> {
  const rule = twoFactorRule('settingsAccount', input.userId);
  await enforceRateLimit(db, rule);
  const nowMs = input.nowMs ?? Date.now();
  const codes = await db.transaction(async (tx) => {
    const cred = await lockCredentials(tx, input.userId);
    if (!cred) throw new AppError('TWO_FACTOR_SETUP_NOT_STARTED');
    if (cred.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
    if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('CURRENT_PASSWORD_WRONG');
    const totp = asTotpCode(input.code);
    const step = totp ? await totpStepOf(tx, cred, totp, nowMs) : null;
    if (step === null) throw new AppError('TWO_FACTOR_CODE_INVALID');

    await tx.update(totpCredentials).set({ enabledAt: sql`now()`, lastUsedStep: step }).where(eq(totpCredentials.userId, input.userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
    const plain = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.insert(recoveryCodes).values(plain.map((code) => ({ userId: input.userId, ...storedRecoveryCode(code) })));
    return plain;
  });
  await refundRateLimit(db, rule.key);
  return { recovery_codes: codes };
}
