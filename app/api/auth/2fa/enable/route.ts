import { route, ok } from '@/app/api/_lib/route';
import { enableTwoFactor, twoFactorConfirmSchema } from '@/lib/domain/two-factor';

/** POST /api/auth/2fa/enable {code, currentPassword} → {success, recovery_codes} (ten, shown once). */
export const POST = route({ auth: 'user', body: twoFactorConfirmSchema }, async ({ db, user, input }) =>
  ok({ ...(await enableTwoFactor(db, { userId: user.id, code: input.code, currentPassword: input.currentPassword })) }),
);
