import { loginSchema, loginUser } from '@/lib/domain/auth';
import { ok, route } from '@/app/api/_lib/route';

/**
 * POST /api/auth/login {email, password, code?} → {success, token, kullanici} (or a two-factor
 * challenge). While the account is locked: 429 LOGIN_LOCKED, right password or not; `code` (a
 * two-factor code) is read only then (docs/accounts.md "Login limits").
 */
export const POST = route({ auth: 'public', body: loginSchema }, async ({ db, input, ip, locale }) =>
  ok(await loginUser(db, { ...input, ip, kind: 'user', locale })),
);
