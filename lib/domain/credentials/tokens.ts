import 'server-only';
import crypto from 'node:crypto';
import type { Db } from '@/db/client';
import { rawQuery } from '@/db/raw';
import { INT4_MAX } from '@/lib/infra/validation/fields';
import { hs256Key, signHs256, verifyHs256 } from './hs256';
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
 * The signing key, made once per secret (issue #19). Tokens are signed and verified with
 * node:crypto's HMAC (hs256.ts), synchronously: through WebCrypto (jose) each was an asynchronous
 * job, one per authenticated request.
 */
let made: { secret: string; key: crypto.KeyObject } | undefined;

async function key(db: Db): Promise<crypto.KeyObject> {
  const secret = await getAuthSecret(db);
  if (made?.secret !== secret) made = { secret, key: hs256Key(secret) };
  return made.key;
}

const TOKEN_TTL_SECONDS = TOKEN_TTL_MS / 1000;

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
  const k = await key(db);
  const iat = Math.floor(Date.now() / 1000);
  return signHs256({ rol: user.rol, sv: user.sessionVersion, kind, sid, sub: String(user.id), iat, exp: iat + TOKEN_TTL_SECONDS }, k);
}

/**
 * Verifies a token and checks it against the database: the user exists, is active, not
 * deleted, still has the token's session version, and (for an admin token) is still an admin.
 * Returns null for anything else, so a revoked token is refused at once.
 */
export async function verifyToken(db: Db, token: string | null | undefined): Promise<AuthUser | null> {
  if (!token || token.length > 4096) return null;
  // Every token we issue expires (TOKEN_TTL_MS); one without `exp` would be valid forever.
  const payload = verifyHs256(token, await key(db));
  if (!payload) return null;
  if (payload.sid !== undefined && !sessionIdOf(payload.sid)) return null;
  return loadSessionUser(db, Number(payload.sub), payload.sv, payload.kind === 'admin' ? 'admin' : 'user', sessionIdOf(payload.sid));
}

type SessionRow = { id: number; rol: 'user' | 'admin'; email: string; adSoyad: string; locale: string; aktif: boolean; sessionVersion: number };
const SESSION_USER = `
  select id, rol, email, ad_soyad as "adSoyad", locale, aktif, session_version as "sessionVersion"
    from users where id = $1::int and deleted_at is null`;
/** The same, for a credential with a login id: nothing when that login was ended (revoked_sessions). */
const SESSION_USER_OF_LOGIN = `${SESSION_USER}
     and not exists (select 1 from revoked_sessions r where r.sid = $2::text)`;

/**
 * Shared by bearer tokens and the next-auth cookie session: one query checks the user, the
 * session version and, for a credential with a login id, that the login was not ended.
 */
export async function loadSessionUser(db: Db, id: number, sessionVersion: unknown, kind: TokenKind, sid?: string): Promise<AuthUser | null> {
  // A signed payload is ours, but an id must still fit the column before it reaches a statement.
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT4_MAX) return null;
  // Every authenticated request runs this: a fixed text through the driver (db/raw.ts, issue #19).
  const [user] = sid ? await rawQuery<SessionRow>(db, SESSION_USER_OF_LOGIN, [id, sid]) : await rawQuery<SessionRow>(db, SESSION_USER, [id]);
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
