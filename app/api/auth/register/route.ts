import { registerSchema, registerUser } from '@/lib/domain/auth';
import { translate } from '@/lib/infra/i18n/translate';
import { notifyDashboard } from '@/lib/infra/realtime';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/auth/register {ad_soyad, email, telefon, meslek, sifre} → 201 {success, mesaj, kullanici}. */
export const POST = route({ auth: 'public', body: registerSchema }, async ({ db, input, ip, locale }) => {
  const kullanici = await registerUser(db, { ...input, ip, locale });
  notifyDashboard();
  return ok({ mesaj: translate(locale, 'Auth.register.success'), kullanici }, 201);
});
