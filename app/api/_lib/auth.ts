import { getDb } from '@/db/client';
import { verifyToken, type AuthUser } from '@/lib/auth';
import { forbidden, unauthorized } from '@/lib/errors';

/**
 * The one guard every route handler uses (ARCHITECTURE.md "Known traps": middleware is not
 * access control). A bearer token is checked against the database on every request.
 */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  const match = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1]?.trim() || null;
}

/** The caller, or null for a visitor. */
export async function optionalUser(req: Request): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (!token) return null;
  return verifyToken(await getDb(), token);
}

export async function requireUser(req: Request): Promise<AuthUser> {
  const user = await optionalUser(req);
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(req: Request): Promise<AuthUser> {
  const user = await requireUser(req);
  if (user.rol !== 'admin') throw forbidden();
  return user;
}
