import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { loginUnlockTokens, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import type { Locale } from '@/lib/infra/i18n/routing';
import { logger } from '@/logger';
import { clearRateLimit, enforceRateLimit, refundRateLimit } from '@/lib/infra/rate-limit';
import { startTwoFactorLogin } from '@/lib/domain/two-factor';
import { toKullanici } from '@/lib/domain/users/get-kullanici';
import { accountLockKey } from './login-attempts';
import { hashUnlockToken } from './login-lock';
import type { LoginResult } from './login-user';
import { authRule } from './rate-limit-rules';
import { signToken, type TokenKind } from '@/lib/domain/credentials';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/auth/login/unlock {token}: the one-time link mailed to the owner of a locked account
 * (login-lock.ts) signs them in and lifts the account's lock (the guessing addresses keep theirs).
 * It answers what login answers: a token of the link's kind (user or admin) and kullanici, or, if
 * two-factor sign-in was turned on since the mail, a challenge for /api/auth/login/2fa; with
 * `kind`, so the page knows whether to go on to /panel or /rooting. The link
 * works once (its row is locked and marked used in the transaction that signs in), for
 * UNLOCK_LINK_TTL_MS, and only while the account is active and its session version unchanged (a
 * password change or reset since the mail ends it). Anything else: 400 UNLOCK_LINK_INVALID.
 * Wrong links count against AUTH_LIMITS.unlockIp per address.
 */
export async function signInWithUnlockLink(db: Db, input: { token: string; ip: string; locale: Locale }): Promise<LoginResult & { kind: TokenKind }> {
  const ipRule = authRule('unlockIp', input.ip);
  await enforceRateLimit(db, ipRule);
  if (!TOKEN_SHAPE.test(input.token)) throw new AppError('UNLOCK_LINK_INVALID');

  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: loginUnlockTokens.id, kind: loginUnlockTokens.kind, sessionVersion: loginUnlockTokens.sessionVersion, user: users })
      .from(loginUnlockTokens)
      .innerJoin(users, eq(users.id, loginUnlockTokens.userId))
      .where(and(eq(loginUnlockTokens.tokenHash, hashUnlockToken(input.token)), isNull(loginUnlockTokens.usedAt), gt(loginUnlockTokens.expiresAt, sql`now()`)))
      .for('update', { of: loginUnlockTokens });
    const user = row?.user;
    if (!row || !user || user.deletedAt || !user.aktif || user.sessionVersion !== row.sessionVersion || (row.kind === 'admin' && user.rol !== 'admin')) {
      throw new AppError('UNLOCK_LINK_INVALID');
    }
    await tx.update(loginUnlockTokens).set({ usedAt: sql`now()` }).where(eq(loginUnlockTokens.id, row.id));
    await clearRateLimit(tx, accountLockKey(row.kind === 'admin' ? 'adminLogin' : 'login', user.email));
    // As after a right password: two-factor sign-in (turned on since the mail) still asks for its code.
    const challenge = await startTwoFactorLogin(tx, user, row.kind);
    if (challenge) return { kind: row.kind, answer: challenge };
    if (user.locale !== input.locale) await tx.update(users).set({ locale: input.locale }).where(eq(users.id, user.id));
    const token = await signToken(tx, user, row.kind);
    return { kind: row.kind, answer: { token, kullanici: await toKullanici(tx, user) } };
  });
  await refundRateLimit(db, ipRule.key);
  logger.info({ event: 'login.unlocked', method: 'link', kind: result.kind }, 'a locked sign-in was lifted by its owner');
  return { ...result.answer, kind: result.kind };
}
