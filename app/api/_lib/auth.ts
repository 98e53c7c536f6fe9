import { getDb } from '@/db/client';
import { getCookieUser } from '@/auth';
import { verifyToken, type AuthUser } from '@/lib/domain/credentials';
import { env } from '@/env';

/**
 * How the route wrapper (./route.ts) reads the session; nothing else calls this (ARCHITECTURE.md
 * "Known traps": middleware is not access control). A bearer token is checked against the
 * database on every request.
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

/**
 * Whether a cookie-carrying request comes from our own pages (the CSRF check). The Origin must
 * name this host: the Host header, or X-Forwarded-Host only behind a trusted reverse proxy
 * (TRUST_PROXY=1), since any client can send that header to a server reached directly.
 */
export function sameOrigin(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  const origin = req.headers.get('origin');
  if (!origin) return req.headers.get('sec-fetch-site') !== 'cross-site';
  const forwarded = env.TRUST_PROXY === '1' ? req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  try {
    return new URL(origin).host === (forwarded || req.headers.get('host'));
  } catch {
    return false;
  }
}
