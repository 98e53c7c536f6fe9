import { handle, ok } from '@/app/api/_lib/handler';
import { clearSessionCookies } from '../_session-cookies';

/**
 * POST /api/auth/logout: ends this browser's cookie session. The browser also drops its stored
 * bearer token (§4); to revoke every token at once use POST /api/auth/logout-all.
 */
export const POST = handle(async () => ok({}, 200, clearSessionCookies()));
