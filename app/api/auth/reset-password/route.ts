import { getDb } from '@/db/client';
import { handle, ok, parseBody, requestLocale } from '@/app/api/_lib/handler';
import { resetPassword, resetPasswordSchema } from '@/lib/auth';
import { clientIp } from '@/lib/rate-limit';
import { translate } from '@/lib/i18n/translate';

/** POST /api/auth/reset-password {token, newPassword} → {success, mesaj}; every session of the account ends. */
export const POST = handle(async (req) => {
  const input = await parseBody(req, resetPasswordSchema);
  await resetPassword(await getDb(), { ...input, ip: clientIp(req) });
  return ok({ mesaj: translate(requestLocale(req), 'Auth.reset.success') });
});
