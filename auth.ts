import 'server-only';
import { cache } from 'react';
import type { NextAuthOptions } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getToken } from 'next-auth/jwt';
import { getDb } from '@/db/client';
import { checkedSessionVersion, getAuthSecret, loadSessionUser, sessionIdOf, signToken, verifyToken, type AuthUser, type TokenKind } from '@/lib/domain/credentials';
import { isSessionEnded } from '@/lib/domain/auth';
import { publicUrl } from '@/env';
import { logger } from '@/logger';

/**
 * next-auth wiring (STYLE.md: it lives here, not in lib/). The browser holds a next-auth JWT
 * session in an httpOnly cookie, used for server rendering and page guards; API calls may use
 * that cookie or the bearer token from POST /api/auth/login. Both carry the user id and session
 * version, and both are checked against the database on every request (loadSessionUser), so
 * logout-everywhere, a password change, a role change and deactivation take effect at once.
 *
 * Signing in: the login form first calls POST /api/auth/login (or /admin-login), which checks
 * the password, applies rate limits and returns the bearer token; the browser then calls
 * next-auth's `signIn('token', { token })`, whose `authorize` only verifies that token.
 */

const SESSION_ENDED = 'session ended by logout';

type SessionJwt = { uid?: number; sv?: number; kind?: TokenKind; sid?: string };

// Under Node's own ES module loader (server.ts's bundle, which serves some routes itself:
// server/direct-routes.ts) a CommonJS package's default export arrives as its module object.
const CredentialsProvider = (Credentials as unknown as { default?: typeof Credentials }).default ?? Credentials;

/** What reading the session cookie takes: next-auth's secret and whether its cookies are `__Secure-`. */
async function cookieSettings(): Promise<{ secret: string; secureCookie: boolean }> {
  return { secret: await getAuthSecret(await getDb()), secureCookie: publicUrl().startsWith('https://') };
}

export async function getAuthOptions(): Promise<NextAuthOptions> {
  const db = await getDb();
  const { secret, secureCookie } = await cookieSettings();
  return {
    secret,
    session: { strategy: 'jwt', maxAge: 7 * 24 * 3600 },
    useSecureCookies: secureCookie,
    pages: { signIn: '/login' },
    // next-auth's own messages go to the app's structured log. A cookie of a login ended by logout
    // is an expected refusal (the jwt callback below), not an error.
    logger: {
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string } | undefined)?.message;
        if (code === 'JWT_SESSION_ERROR' && message === SESSION_ENDED) logger.info({ code }, 'refused the cookie of a login ended by logout');
        else logger.error({ code, err: metadata }, 'next-auth error');
      },
      warn(code) {
        logger.warn({ code }, 'next-auth warning');
      },
      debug() {},
    },
    providers: [
      CredentialsProvider({
        id: 'token',
        name: 'token',
        credentials: { token: { type: 'text' } },
        async authorize(credentials) {
          const user = await verifyToken(db, credentials?.token);
          if (!user) return null;
          const [row] = await db.query.users.findMany({ where: (u, { eq }) => eq(u.id, user.id), columns: { sessionVersion: true }, limit: 1 });
          if (!row) return null;
          return { id: String(user.id), email: user.email, name: user.adSoyad, sv: row.sessionVersion, kind: user.kind, sid: user.sid } as never;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; sv: number; kind: TokenKind; sid?: string };
          (token as SessionJwt).uid = Number(u.id);
          (token as SessionJwt).sv = u.sv;
          (token as SessionJwt).kind = u.kind;
          if (u.sid) (token as SessionJwt).sid = u.sid;
          return token;
        }
        // next-auth re-issues the cookie with a new expiry whenever /api/auth/session is read. A
        // login ended by logout must not be kept alive that way by a copied cookie: throwing here
        // makes next-auth delete the cookie instead (and the revocation row outlives the cookie).
        const sid = sessionIdOf((token as SessionJwt).sid);
        if (sid && (await isSessionEnded(db, sid))) throw new Error(SESSION_ENDED);
        return token;
      },
      async session({ session, token }) {
        const t = token as SessionJwt;
        return { ...session, user: { ...session.user, id: t.uid, kind: t.kind } } as typeof session;
      },
    },
  };
}

/** Turns a decoded next-auth JWT into the current user, or null when it was revoked. */
async function userFromJwt(jwt: SessionJwt | null): Promise<AuthUser | null> {
  if (!jwt?.uid) return null;
  if (jwt.sid !== undefined && !sessionIdOf(jwt.sid)) return null;
  return loadSessionUser(await getDb(), jwt.uid, jwt.sv, jwt.kind === 'admin' ? 'admin' : 'user', sessionIdOf(jwt.sid));
}

/** The signed-in user of a page or server action (server components), checked against the database. */
export async function getSessionUser(): Promise<AuthUser | null> {
  const settings = await cookieSettings();
  // Loaded here, not at the top: server.ts also bundles this file (for the route wrapper's
  // getCookieUser, server/direct-routes.ts), and next/headers may only load inside Next.js.
  const { cookies, headers } = await import('next/headers');
  // The session JWT is read directly (getServerSession would decode it too, but hides the
  // session version this check needs).
  const jwt = (await getToken({
    req: { headers: Object.fromEntries((await headers()).entries()), cookies: Object.fromEntries((await cookies()).getAll().map((c) => [c.name, c.value])) } as never,
    ...settings,
  })) as SessionJwt | null;
  return userFromJwt(jwt);
}

/** The user of an API request from its next-auth cookie (used by app/api/_lib/auth.ts). */
export async function getCookieUser(req: Request): Promise<AuthUser | null> {
  const cookie = req.headers.get('cookie');
  if (!cookie || !/next-auth\.session-token=/.test(cookie)) return null;
  const settings = await cookieSettings();
  const parsed = parseCookies(cookie);
  const jwt = (await getToken({
    req: { headers: Object.fromEntries(req.headers.entries()), cookies: parsed } as never,
    ...settings,
  })) as SessionJwt | null;
  return userFromJwt(jwt);
}

/**
 * The cookies of a Cookie header, decoded. A cookie whose value is not a valid %-encoding (say
 * `%E0%A4%A`) is left out, as if it were not sent: the request goes on as a visitor or with its
 * bearer token instead of failing with a URIError (issue #14 item 4).
 */
export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    try {
      if (name) out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // a malformed cookie is ignored
    }
  }
  return out;
}

/**
 * A fresh bearer token for the signed-in user (for Socket.IO and API calls from the browser), of
 * the same login as the cookie session, so logging out ends it too.
 */
export const tokenForSessionUser = cache(async (user: AuthUser): Promise<string | null> => {
  const db = await getDb();
  // The user this request's session check loaded (issue #19: the layout and the page each read the
  // row again and signed a token of their own; now one token per request, from the version checked).
  const checked = checkedSessionVersion(user);
  if (checked !== undefined) return signToken(db, { id: user.id, rol: user.rol, sessionVersion: checked }, user.kind, user.sid);
  const [row] = await db.query.users.findMany({ where: (u, { eq }) => eq(u.id, user.id), columns: { id: true, rol: true, sessionVersion: true }, limit: 1 });
  return row ? signToken(db, row, user.kind, user.sid) : null;
});
