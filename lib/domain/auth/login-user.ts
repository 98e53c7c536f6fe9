import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import type { Locale } from '@/lib/infra/i18n/routing';
import { toKullanici, type Kullanici } from '@/lib/domain/users/get-kullanici';
import { hashPassword, signToken, verifyPassword, type TokenKind } from '@/lib/domain/credentials';
import { accountLockKey, beginLoginAttempt } from './login-attempts';
import { loginLocked, rightPasswordWhileLocked } from './login-lock';
import { startTwoFactorLogin, type TwoFactorChallenge } from '@/lib/domain/two-factor';

export type LoginRequest = {
  email: string;
  password: string;
  ip: string;
  kind: TokenKind;
  locale: Locale;
  /** A two-factor code given with the password: used only while the account is locked (login-lock.ts). */
  code?: string;
};

// Verified against when the e-mail is unknown, so both cases take as long (no account probing by timing).
let dummyHash: Promise<string> | undefined;

/**
 * POST /api/auth/login and /api/auth/admin-login: checks the password (argon2id) and answers a
 * bearer token. Wrong e-mail and wrong password give the same 401 INVALID_CREDENTIALS; only after
 * a correct password does the caller learn that the account is disabled or (admin login) not an
 * admin. Failed attempts count against the limits of login-attempts.ts (per address, per
 * account and address with growing delays, and a much higher ceiling per account). With
 * two-factor sign-in on, the answer is a challenge instead of a token (lib/domain/two-factor).
 *
 * While the account is locked (too many failures from all addresses, issue #33 item 9) every
 * admitted attempt answers 429 LOGIN_LOCKED, right password or not; a right one mails the owner a
 * one-time sign-in link, or, with two-factor sign-in on and a right `code` given with it, signs in
 * at once and lifts the lock (login-lock.ts).
 */
export type LoginResult = { token: string; kullanici: Kullanici } | TwoFactorChallenge;

export async function loginUser(db: Db, input: LoginRequest): Promise<LoginResult> {
  const admin = input.kind === 'admin';
  const attempt = await beginLoginAttempt(db, admin ? 'adminLogin' : 'login', { email: input.email, ip: input.ip });

  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)))
    .limit(1);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, input.password);
    await attempt.failed();
    throw attempt.locked ? loginLocked(attempt.locked) : new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await attempt.failed();
    throw attempt.locked ? loginLocked(attempt.locked) : new AppError('INVALID_CREDENTIALS');
  }

  let secondFactorDone = false;
  if (attempt.locked) {
    // The right password on a locked account: the same answer as a wrong one, unless a right
    // two-factor code came with it. Whatever else happens goes to the owner's mailbox.
    await attempt.rightWhileLocked();
    const unlocked = await rightPasswordWhileLocked(db, {
      user,
      kind: input.kind,
      code: input.code,
      locale: input.locale,
      accountLockKey: accountLockKey(admin ? 'adminLogin' : 'login', input.email),
    });
    if (!unlocked) throw loginLocked(attempt.locked);
    secondFactorDone = true;
  } else {
    // The password was right: this attempt does not count against the limits.
    await attempt.succeeded();
  }
  if (!user.aktif) throw new AppError('ACCOUNT_DISABLED');
  if (admin && user.rol !== 'admin') throw new AppError('ADMIN_ONLY');
  // Two-factor sign-in: a challenge for POST /api/auth/login/2fa instead of a token (unless the
  // code already came with the password of a locked account).
  if (!secondFactorDone) {
    const twoFactor = await startTwoFactorLogin(db, user, input.kind);
    if (twoFactor) return twoFactor;
  }

  if (user.locale !== input.locale) await db.update(users).set({ locale: input.locale }).where(eq(users.id, user.id));
  const token = await signToken(db, user, input.kind);
  return { token, kullanici: await toKullanici(db, user) };
}
