import { loginSchema, loginUser } from '@/lib/auth';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/auth/login {email, password} → {success, token, kullanici}. */
export const POST = route({ auth: 'public', body: loginSchema }, async ({ db, input, ip, locale }) =>
  ok(await loginUser(db, { ...input, ip, kind: 'user', locale })),
);
