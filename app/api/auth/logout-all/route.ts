import { revokeSessions } from '@/lib/domain/auth';
import { ok, route } from '@/app/api/_lib/route';
import { clearSessionCookies } from '../_session-cookies';

/** POST /api/auth/logout-all: "log out everywhere", every token and cookie session of the account ends. */
export const POST = route({ auth: 'user' }, async ({ db, user }) => {
  await revokeSessions(db, user.id);
  return ok({}, 200, clearSessionCookies());
});
