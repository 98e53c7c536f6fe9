import 'server-only';
import crypto from 'node:crypto';
import { and, eq, isNull, notExists } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '@/db/client';
import { revokedSessions, users } from '@/db/schema';
import { getAuthSecret } from './secret';

export type TokenKind = 'user' | 'admin';

/** Who is calling, as every guard returns it. */
export type AuthUser = {
  id: number;
  rol: 'user' | 'admin';
  email: string;
  adSoyad: string;
  locale: string;
  /** 'admin' only for a token issued by admin login (§6: it takes precedence). */
  kind: TokenKind;
  /**
   * The login this credential belongs to: the bearer token from login, the cookie session made
   * from it and the tokens re-issued for that session share it, and a plain logout ends them
   * together (end-session.ts). Absent on tokens issued before logins had an id.
   */
  sid?: string;
};

const TOKEN_TTL = '7d';
export const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
const SID = /^[A-Za-z0-9_-]{16,64}$/;

/** A new login id. */
export function newSessionId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** A login id from a token or cookie payload, or undefined when it is absent or malformed. */
export function sessionIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && SID.test(value) ? value : undefined;
}

/**
 * The signing key as a CryptoKey, imported once per secret (issue #19): given raw bytes, jose
 * imports them into WebCrypto on every sign and verify, an asynchronous round through the
 * crypto layer on each authenticated request.
 */
let imported: { secret: string; key: Promise<CryptoKey> } | undefined;

async function key(db: Db): Promise<CryptoKey> {
  const secret = await getAuthSecret(db);
  if (imported?.secret !== secret) {
    const importing = crypto.webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    imported = { secret, key: importing };
    importing.catch(() => {
      if (imported?.key === importing) imported = undefined;
    });
  }
  return imported.key;
}

/**
 * Signs a bearer token that carries the user id, role, session version and login id (`sid`: a new
 * login unless the token is re-issued for an existing one).
 */
export async function signToken(
  db: Db,
  user: { id: number; rol: 'user' | 'admin'; sessionVersion: number },
  kind: TokenKind,
  sid: string = newSessionId(),
): Promise<string> {
  return new SignJWT({ rol: user.rol, sv: user.sessionVersion, kind, sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(await key(db));
}

/**
 * Verifies a token and checks it against the database: the user exists, is active, not
 * deleted, still has the token's session version, and (for an admin token) is still an admin.
 * Returns null for anything else, so a revoked token is refused at once.
 */
export async function verifyToken(db: Db, token: string | null | undefined): Promise<AuthUser | null> {
  if (!token || token.length > 4096) return null;
  let payload: { sub?: string; sv?: unknown; kind?: unknown; sid?: unknown };
  try {
    // Every token we issue expires (TOKEN_TTL); one without `exp` would be valid forever.
    ({ payload } = await jwtVerify(token, await key(db), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] }));
  } catch {
    return null;
  }
  const id = Number(payload.sub);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (payload.sid !== undefined && !sessionIdOf(payload.sid)) return null;
  return loadSessionUser(db, id, payload.sv, payload.kind === 'admin' ? 'admin' : 'user', sessionIdOf(payload.sid));
}

/**
 * Shared by bearer tokens and the next-auth cookie session: one query checks the user, the
 * session version and, for a credential with a login id, that the login was not ended.
 */
export async function loadSessionUser(db: Db, id: number, sessionVersion: unknown, kind: TokenKind, sid?: string): Promise<AuthUser | null> {
  const notRevoked = sid ? notExists(db.select({ one: revokedSessions.sid }).from(revokedSessions).where(eq(revokedSessions.sid, sid))) : undefined;
  const [user] = await db
    .select({
      id: users.id,
      rol: users.rol,
      email: users.email,
      adSoyad: users.adSoyad,
      locale: users.locale,
      aktif: users.aktif,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), notRevoked));
  if (!user || !user.aktif || user.sessionVersion !== sessionVersion) return null;
  if (kind === 'admin' && user.rol !== 'admin') return null;
  const loaded: AuthUser = { id: user.id, rol: user.rol, email: user.email, adSoyad: user.adSoyad, locale: user.locale, kind, ...(sid ? { sid } : {}) };
  checkedVersions.set(loaded, user.sessionVersion);
  return loaded;
}

/**
 * The session version a user returned by loadSessionUser was checked against, kept beside the
 * object (not in it: the user is passed to client components, and nothing more of it should be).
 * A token for the same login can be signed from it without reading the row again.
 */
const checkedVersions = new WeakMap<AuthUser, number>();
export function checkedSessionVersion(user: AuthUser): number | undefined {
  return checkedVersions.get(user);
}
