import { getDb } from '@/db/client';
import { handle, ok, parseBody, requestLocale } from '@/app/api/_lib/handler';
import { loginSchema, loginUser } from '@/lib/auth';
import { clientIp } from '@/lib/rate-limit';

/** POST /api/auth/login {email, password} → {success, token, kullanici}. */
export const POST = handle(async (req) => {
  const input = await parseBody(req, loginSchema);
  const result = await loginUser(await getDb(), { ...input, ip: clientIp(req), kind: 'user', locale: requestLocale(req) });
  return ok(result);
});
