import { getDb } from '@/db/client';
import { handle, ok, parseBody, requestLocale } from '@/app/api/_lib/handler';
import { forgotPasswordSchema, requestPasswordReset } from '@/lib/auth';
import { clientIp } from '@/lib/rate-limit';
import { translate } from '@/lib/i18n/translate';

/** POST /api/auth/forgot-password {email} → {success, mesaj}, the same whether or not the account exists. */
export const POST = handle(async (req) => {
  const input = await parseBody(req, forgotPasswordSchema);
  const locale = requestLocale(req);
  await requestPasswordReset(await getDb(), { email: input.email, ip: clientIp(req), locale });
  return ok({ mesaj: translate(locale, 'Auth.forgot.success') });
});
