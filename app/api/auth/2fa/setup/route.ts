import { route, ok } from '@/app/api/_lib/route';
import { setupTwoFactor } from '@/lib/domain/two-factor';

/**
 * POST /api/auth/2fa/setup → {success, secret, otpauth_url}: a pending TOTP secret for the
 * caller's account (bearer or cookie), active only after /enable; 409 TWO_FACTOR_ALREADY_ENABLED.
 */
export const POST = route({ auth: 'user' }, async ({ db, user }) => ok({ ...(await setupTwoFactor(db, user)) }));
