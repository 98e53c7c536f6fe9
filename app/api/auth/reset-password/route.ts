import { resetPassword, resetPasswordSchema } from '@/lib/domain/auth';
import { translate } from '@/lib/infra/i18n/translate';
import { ok, route } from '@/app/api/_lib/route';

/** POST /api/auth/reset-password {token, newPassword} → {success, mesaj}; every session of the account ends. */
export const POST = route({ auth: 'public', body: resetPasswordSchema }, async ({ db, input, ip, locale }) => {
  await resetPassword(db, { ...input, ip });
  return ok({ mesaj: translate(locale, 'Auth.reset.success') });
});
