import { forgotPasswordSchema, requestPasswordReset } from '@/lib/domain/auth';
import { translate } from '@/lib/infra/i18n/translate';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/auth/forgot-password {email} → {success, mesaj}, the same whether or not the account exists. */
export const POST = route({ auth: 'public', body: forgotPasswordSchema }, async ({ db, input, ip, locale }) => {
  await requestPasswordReset(db, { email: input.email, ip, locale });
  return ok({ mesaj: translate(locale, 'Auth.forgot.success') });
});
