import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { enforceRateLimits, refundRateLimit } from '@/lib/rate-limit';
import type { Locale } from '@/lib/i18n/routing';
import { toKullanici, type Kullanici } from '@/lib/users/get-kullanici';
import { hashPassword, verifyPassword } from './password';
import { signToken, type TokenKind } from './tokens';
import { authRule } from './rate-limit-rules';

export type LoginRequest = { email: string; password: string; ip: string; kind: TokenKind; locale: Locale };

// Verified against when the e-mail is unknown, so both cases take as long (no account probing by timing).
let dummyHash: Promise<string> | undefined;

/**
 * POST /api/auth/login and /api/auth/admin-login: checks the password (argon2id) and answers a
 * bearer token. Wrong e-mail and wrong password give the same 401 INVALID_CREDENTIALS; only after
 * a correct password does the caller learn that the account is disabled or (admin login) not an
 * admin. Failed attempts count against per-IP and per-account limits.
 */
export async function loginUser(db: Db, input: LoginRequest): Promise<{ token: string; kullanici: Kullanici }> {
  const admin = input.kind === 'admin';
  const rules = [
    authRule(admin ? 'adminLoginIp' : 'loginIp', input.ip),
    authRule(admin ? 'adminLoginAccount' : 'loginAccount', input.email),
  ];
  await enforceRateLimits(db, rules);

  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)))
    .limit(1);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, input.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError('INVALID_CREDENTIALS');

  // The password was right: this attempt does not count against the limits.
  for (const rule of rules) await refundRateLimit(db, rule.key);
  if (!user.aktif) throw new AppError('ACCOUNT_DISABLED');
  if (admin && user.rol !== 'admin') throw new AppError('ADMIN_ONLY');

  if (user.locale !== input.locale) await db.update(users).set({ locale: input.locale }).where(eq(users.id, user.id));
  const token = await signToken(db, user, input.kind);
  return { token, kullanici: await toKullanici(db, user) };
}
