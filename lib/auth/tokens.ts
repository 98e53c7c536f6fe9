import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
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
};

const TOKEN_TTL = '7d';

async function key(db: Db): Promise<Uint8Array> {
  return new TextEncoder().encode(await getAuthSecret(db));
}

/** Signs a bearer token that carries the user id, role and session version. */
export async function signToken(
  db: Db,
  user: { id: number; rol: 'user' | 'admin'; sessionVersion: number },
  kind: TokenKind,
): Promise<string> {
  return new SignJWT({ rol: user.rol, sv: user.sessionVersion, kind })
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
  let payload: { sub?: string; sv?: unknown; kind?: unknown };
  try {
    ({ payload } = await jwtVerify(token, await key(db), { algorithms: ['HS256'] }));
  } catch {
    return null;
  }
  const id = Number(payload.sub);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return loadSessionUser(db, id, payload.sv, payload.kind === 'admin' ? 'admin' : 'user');
}

/** Shared by bearer tokens and the next-auth cookie session. */
export async function loadSessionUser(db: Db, id: number, sessionVersion: unknown, kind: TokenKind): Promise<AuthUser | null> {
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
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!user || !user.aktif || user.sessionVersion !== sessionVersion) return null;
  if (kind === 'admin' && user.rol !== 'admin') return null;
  return { id: user.id, rol: user.rol, email: user.email, adSoyad: user.adSoyad, locale: user.locale, kind };
}
