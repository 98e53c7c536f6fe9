import { getDb } from '@/db/client';
import { handle, ok } from '@/app/api/_lib/handler';
import { optionalUser } from '@/app/api/_lib/auth';
import { endSession } from '@/lib/auth';
import { clearSessionCookies } from '../_session-cookies';

/**
 * POST /api/auth/logout: ends the caller's login — its bearer token, the cookie session made from
 * it and the tokens re-issued for that session — and deletes this browser's cookie. The account's
 * other logins stay; POST /api/auth/logout-all ends them all. Without a valid credential it only
 * deletes the cookie (logging out twice is not an error).
 */
export const POST = handle(async (req) => {
  const user = await optionalUser(req);
  if (user) await endSession(await getDb(), user);
  return ok({}, 200, clearSessionCookies());
});
