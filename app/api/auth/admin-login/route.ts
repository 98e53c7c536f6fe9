import { adminLoginSchema, loginUser } from '@/lib/domain/auth';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/auth/admin-login {email, sifre, code?} → {success, token, kullanici}; only rol admin (§5); locked as login is (429 LOGIN_LOCKED). */
export const POST = route({ auth: 'public', body: adminLoginSchema }, async ({ db, input, ip, locale }) =>
  ok(await loginUser(db, { email: input.email, password: input.sifre, code: input.code, ip, kind: 'admin', locale })),
);
