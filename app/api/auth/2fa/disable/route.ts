import { route, ok } from '@/app/api/_lib/route';
import { disableTwoFactor, twoFactorConfirmSchema } from '@/lib/domain/two-factor';

/** POST /api/auth/2fa/disable {currentPassword, code} (a TOTP or recovery code) → {success}. */
export const POST = route({ auth: 'user', body: twoFactorConfirmSchema }, async ({ db, user, input }) => {
  await disableTwoFactor(db, { userId: user.id, rol: user.rol, code: input.code, currentPassword: input.currentPassword });
  return ok();
});
