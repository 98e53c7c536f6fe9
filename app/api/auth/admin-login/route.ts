import { getDb } from '@/db/client';
import { handle, ok, parseBody, requestLocale } from '@/app/api/_lib/handler';
import { adminLoginSchema, loginUser } from '@/lib/auth';
import { clientIp } from '@/lib/rate-limit';

/** POST /api/auth/admin-login {email, sifre} → {success, token, kullanici}; only rol admin (§5). */
export const POST = handle(async (req) => {
  const input = await parseBody(req, adminLoginSchema);
  const result = await loginUser(await getDb(), {
    email: input.email,
    password: input.sifre,
    ip: clientIp(req),
    kind: 'admin',
    locale: requestLocale(req),
  });
  return ok(result);
});
