import { getDb } from '@/db/client';
import { handle, ok } from '@/app/api/_lib/handler';
import { requireUser } from '@/app/api/_lib/auth';
import { revokeSessions } from '@/lib/auth';
import { clearSessionCookies } from '../_session-cookies';

/** POST /api/auth/logout-all: "log out everywhere", every token and cookie session of the account ends. */
export const POST = handle(async (req) => {
  const user = await requireUser(req);
  await revokeSessions(await getDb(), user.id);
  return ok({}, 200, clearSessionCookies());
});
