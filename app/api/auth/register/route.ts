import { getDb } from '@/db/client';
import { handle, ok, parseBody, requestLocale } from '@/app/api/_lib/handler';
import { registerSchema, registerUser } from '@/lib/auth';
import { clientIp } from '@/lib/rate-limit';
import { translate } from '@/lib/i18n/translate';
import { notifyDashboard } from '@/lib/realtime';

/** POST /api/auth/register {ad_soyad, email, telefon, meslek, sifre} → 201 {success, mesaj, kullanici}. */
export const POST = handle(async (req) => {
  const input = await parseBody(req, registerSchema);
  const locale = requestLocale(req);
  const kullanici = await registerUser(await getDb(), { ...input, ip: clientIp(req), locale });
  notifyDashboard();
  return ok({ mesaj: translate(locale, 'Auth.register.success'), kullanici }, 201);
});
