import { route, ok } from '@/app/api/_lib/route';
import { completeTwoFactorLogin, twoFactorLoginSchema } from '@/lib/domain/two-factor';

/**
 * POST /api/auth/login/2fa {challenge, code} → {success, token, kullanici}, as login answers
 * without two-factor sign-in (an admin token for a challenge from /api/auth/admin-login).
 */
export const POST = route({ auth: 'public', body: twoFactorLoginSchema }, async ({ db, input, ip, locale }) =>
  ok({ ...(await completeTwoFactorLogin(db, { challenge: input.challenge, code: input.code, ip, locale })) }),
);
