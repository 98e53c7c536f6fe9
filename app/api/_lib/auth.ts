import { getDb } from '@/db/client';
import { getCookieUser } from '@/auth';
import { isAdminSession, verifyToken, type AuthUser } from '@/lib/auth';
import { AppError } from '@/lib/errors';

/**
 * The one guard every route handler uses (ARCHITECTURE.md "Known traps": middleware is not
 * access control). A bearer token is checked against the database on every request.
 */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1]?.trim() || null;
}

/**
 * The caller, or null for a visitor: a bearer token (§6: the admin token, when the client has
 * one, is what it sends) or else the next-auth session cookie of a browser page. A cookie only
 * counts for a request from our own origin, so another site cannot act with it (CSRF).
 */
export async function sessionUser(req: Request): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (token) return verifyToken(await getDb(), token);
  if (!sameOrigin(req)) return null;
  return getCookieUser(req);
}

function sameOrigin(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  const origin = req.headers.get('origin');
  if (!origin) return req.headers.get('sec-fetch-site') !== 'cross-site';
  try {
    return new URL(origin).host === (req.headers.get('x-forwarded-host') ?? req.headers.get('host'));
  } catch {
    return false;
  }
}

/** @deprecated until every route uses route(); the wrapper reads the session. */
export const optionalUser = sessionUser;

export async function requireUser(req: Request): Promise<AuthUser> {
  const user = await sessionUser(req);
  if (!user) throw new AppError('UNAUTHORIZED');
  return user;
}

export async function requireAdmin(req: Request): Promise<AuthUser> {
  const user = await requireUser(req);
  if (!isAdminSession(user)) throw new AppError('FORBIDDEN');
  return user;
}
