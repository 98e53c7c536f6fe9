import { route, ok } from '@/app/api/_lib/route';
import { getTwoFactorStatus } from '@/lib/domain/two-factor';

/** GET /api/auth/2fa → {success, enabled, enabled_at, recovery_codes_left} of the caller's account. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => ok({ ...(await getTwoFactorStatus(db, user.id)) }));
