import { endSession } from '@/lib/domain/auth';
import { ok, route } from '@/app/api/_lib/route';
import { clearSessionCookies } from '../_session-cookies';

/**
 * POST /api/auth/logout: ends the caller's login — its bearer token, the cookie session made from
 * it and the tokens re-issued for that session — and deletes this browser's cookie. The account's
 * other logins stay; POST /api/auth/logout-all ends them all. Without a valid credential it only
 * deletes the cookie (logging out twice is not an error).
 */
export const POST = route({ auth: 'optional' }, async ({ db, user }) => {
  if (user) await endSession(db, user);
  return ok({}, 200, clearSessionCookies());
});
