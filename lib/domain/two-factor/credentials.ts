import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { recoveryCodes, siteSettings, totpCredentials } from '@/db/schema';
import { logger } from '@/logger';
import { decryptSecret } from './secret-box';
import { asTotpCode, matchTotpStep } from './totp';
import { normalizeRecoveryCode, recoveryCodeMatches } from './recovery-codes';

export type Credentials = typeof totpCredentials.$inferSelect;

/**
 * The account's TOTP row, locked until the transaction ends: every check and use of a code of one
 * account runs under this lock, so two requests with the same code cannot both pass the replay
 * check, and a recovery code cannot be spent twice.
 */
export async function lockCredentials(tx: Db, userId: number): Promise<Credentials | undefined> {
  const [row] = await tx.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).for('update');
  return row;
}

export type CodeCheck = { ok: true; method: 'totp' | 'recovery' } | { ok: false; code: 'TWO_FACTOR_CODE_INVALID' | 'TWO_FACTOR_CODE_USED' };

/**
 * Checks a code of an account with two-factor sign-in on (call it under lockCredentials): a TOTP
 * code of a step after the last one used, which then becomes the last one used, or an unused
 * recovery code, which is then used up.
 */
export async function useSecondFactor(tx: Db, cred: Credentials, text: string, nowMs: number): Promise<CodeCheck> {
  const totp = asTotpCode(text);
  if (totp) {
    const step = await totpStepOf(tx, cred, totp, nowMs);
    if (step === null) return { ok: false, code: 'TWO_FACTOR_CODE_INVALID' };
    if (cred.lastUsedStep !== null && step <= cred.lastUsedStep) return { ok: false, code: 'TWO_FACTOR_CODE_USED' };
    await tx.update(totpCredentials).set({ lastUsedStep: step }).where(eq(totpCredentials.userId, cred.userId));
    return { ok: true, method: 'totp' };
  }
  const recovery = normalizeRecoveryCode(text);
  if (!recovery) return { ok: false, code: 'TWO_FACTOR_CODE_INVALID' };
  const unused = await tx
    .select({ id: recoveryCodes.id, salt: recoveryCodes.salt, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, cred.userId), isNull(recoveryCodes.usedAt)));
  const match = unused.find((row) => recoveryCodeMatches(recovery, row));
  if (!match) return { ok: false, code: 'TWO_FACTOR_CODE_INVALID' };
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1 ? { ok: true, method: 'recovery' } : { ok: false, code: 'TWO_FACTOR_CODE_INVALID' };
}

/** The step a TOTP code belongs to (±1 step around now), or null. */
export async function totpStepOf(db: Db, cred: Credentials, code: string, nowMs: number): Promise<number | null> {
  const secret = await decryptSecret(db, cred.secretEncrypted);
  if (secret === null) {
    // The auth secret changed since setup: only recovery codes can work (docs/accounts.md).
    logger.warn({ userId: cred.userId }, 'a TOTP secret could not be decrypted; was AUTH_SECRET changed?');
    return null;
  }
  return matchTotpStep(secret, code, nowMs);
}

/** Site setting (§3, /rooting/settings): every admin must sign in with two-factor sign-in. */
export async function adminTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ required: siteSettings.requireAdminTwoFactor }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.required ?? false;
}

/** Whether the account has two-factor sign-in on (a setup not yet confirmed does not count). */
export async function twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: totpCredentials.enabledAt }).from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return !!row?.enabledAt;
}
