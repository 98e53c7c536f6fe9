import 'server-only';
import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { loginChallenges, users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { signToken, type TokenKind } from '@/lib/domain/credentials';
import { enforceRateLimit, refundRateLimit } from '@/lib/infra/rate-limit';
import type { Locale } from '@/lib/infra/i18n/routing';
import { toKullanici, type Kullanici } from '@/lib/domain/users/get-kullanici';
import { adminTwoFactorRequired, lockCredentials, twoFactorEnabled, useSecondFactor } from './credentials';
import { CHALLENGE_TTL_SECONDS, MAX_CHALLENGE_ATTEMPTS, twoFactorRule } from './rules';

export type TwoFactorChallenge = { two_factor_required: true; challenge: string };

function hashChallenge(challenge: string): string {
  return crypto.createHash('sha256').update(challenge, 'utf8').digest('hex');
}

/**
 * Called by loginUser once the password was right. With two-factor sign-in on, the login does not
 * answer a token but a challenge: 32 random bytes (only their SHA-256 is stored), valid once for
 * CHALLENGE_TTL_SECONDS, bound to the account, the login's token kind and the account's session
 * version. An admin login without two-factor sign-in, while the site requires it of admins, is
 * refused with 403 TWO_FACTOR_SETUP_REQUIRED (the admin turns it on in the settings of a plain
 * login first, docs/accounts.md). Otherwise null: the login goes on as before.
 */
export async function startTwoFactorLogin(
  db: Db,
  user: { id: number; sessionVersion: number },
  kind: TokenKind,
): Promise<TwoFactorChallenge | null> {
  if (!(await twoFactorEnabled(db, user.id))) {
    if (kind === 'admin' && (await adminTwoFactorRequired(db))) throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
    return null;
  }
  const challenge = crypto.randomBytes(32).toString('base64url');
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, sql`now()`));
  await db.insert(loginChallenges).values({
    tokenHash: hashChallenge(challenge),
    userId: user.id,
    kind,
    sessionVersion: user.sessionVersion,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_SECONDS})`,
  });
  return { two_factor_required: true, challenge };
}

export type CompleteTwoFactorInput = { challenge: string; code: string; ip: string; locale: Locale; nowMs?: number };

/**
 * POST /api/auth/login/2fa: the challenge from the password step and a TOTP or recovery code
 * answer what login answers without two-factor sign-in: a token of the challenge's kind and
 * kullanici. Refusals: 401 TWO_FACTOR_CHALLENGE_INVALID (unknown, expired, used, too many wrong
 * codes, or the account changed since), 400 TWO_FACTOR_CODE_INVALID, 400 TWO_FACTOR_CODE_USED (a
 * TOTP step already used: wait for the next code), 429 RATE_LIMITED.
 */
export async function completeTwoFactorLogin(db: Db, input: CompleteTwoFactorInput): Promise<{ token: string; kullanici: Kullanici }> {
  const ipRule = twoFactorRule('codeIp', input.ip);
  await enforceRateLimit(db, ipRule);

  const [challenge] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashChallenge(input.challenge)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, sql`now()`),
        lt(loginChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    );
  if (!challenge) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
  const accountRule = twoFactorRule('codeAccount', challenge.userId);
  await enforceRateLimit(db, accountRule);

  const nowMs = input.nowMs ?? Date.now();
  const outcome = await db.transaction(async (tx) => {
    const cred = await lockCredentials(tx, challenge.userId);
    const [user] = await tx.select().from(users).where(and(eq(users.id, challenge.userId), isNull(users.deletedAt)));
    const stillValid =
      cred?.enabledAt && user && user.aktif && user.sessionVersion === challenge.sessionVersion && (challenge.kind === 'user' || user.rol === 'admin');
    if (!stillValid) return { ok: false as const, code: 'TWO_FACTOR_CHALLENGE_INVALID' as const };

    const check = await useSecondFactor(tx, cred, input.code, nowMs);
    if (!check.ok) return check;

    // Single use: of two requests with the same challenge, only one gets past this update.
    const spent = await tx
      .update(loginChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`)))
      .returning({ id: loginChallenges.id });
    // Throwing rolls back the use of the code too.
    if (spent.length === 0) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');

    if (user.locale !== input.locale) await tx.update(users).set({ locale: input.locale }).where(eq(users.id, user.id));
    const token = await signToken(tx, user, challenge.kind);
    return { ok: true as const, token, kullanici: await toKullanici(tx, user) };
  });

  if (!outcome.ok) {
    if (outcome.code === 'TWO_FACTOR_CHALLENGE_INVALID') {
      await db.update(loginChallenges).set({ usedAt: sql`now()` }).where(eq(loginChallenges.id, challenge.id));
    } else {
      await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(eq(loginChallenges.id, challenge.id));
    }
    throw new AppError(outcome.code);
  }
  await refundRateLimit(db, ipRule.key);
  await refundRateLimit(db, accountRule.key);
  return { token: outcome.token, kullanici: outcome.kullanici };
}
