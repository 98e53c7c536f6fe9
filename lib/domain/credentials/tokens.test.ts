import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { getAuthSecret } from './secret';
import { checkedSessionVersion, signToken, verifyToken } from './tokens';

const t = setupTestDb();
let user: typeof users.$inferSelect;
let secret: Uint8Array;

beforeAll(async () => {
  [user] = (await t.db.insert(users).values({ adSoyad: 'Ada', email: 'ada-tokens@example.com', passwordHash: 'x' }).returning()) as [typeof users.$inferSelect];
  secret = new TextEncoder().encode(await getAuthSecret(t.db));
});

/** A token signed with the real key, as signToken would make it, but with the claims given. */
const forge = (claims: { exp?: number; sub?: string }) => {
  const jwt = new SignJWT({ rol: 'user', sv: user.sessionVersion, kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(secret);
};

describe('bearer tokens', () => {
  it('accepts a token it issued', async () => {
    expect((await verifyToken(t.db, await signToken(t.db, user, 'user')))?.id).toBe(user.id);
  });

  it('accepts a correctly signed token with an expiry in the future', async () => {
    expect((await verifyToken(t.db, await forge({ sub: String(user.id), exp: Math.floor(Date.now() / 1000) + 60 })))?.id).toBe(user.id);
  });

  it('refuses a correctly signed token without an expiry (it would never end)', async () => {
    expect(await verifyToken(t.db, await forge({ sub: String(user.id) }))).toBeNull();
  });

  it('refuses a correctly signed token whose subject does not fit a user id', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    for (const sub of ['2147483648', '9007199254740993', '-1', '0', '1.5', 'x']) expect(await verifyToken(t.db, await forge({ sub, exp }))).toBeNull();
  });

  it('refuses an expired token and one without a subject', async () => {
    expect(await verifyToken(t.db, await forge({ sub: String(user.id), exp: Math.floor(Date.now() / 1000) - 60 }))).toBeNull();
    expect(await verifyToken(t.db, await forge({ exp: Math.floor(Date.now() / 1000) + 60 }))).toBeNull();
  });
});

describe('the session version a loaded user was checked against', () => {
  it('is kept beside the loaded user, never in it, and signs a token of the same login', async () => {
    const first = await signToken(t.db, user, 'user');
    const loaded = (await verifyToken(t.db, first))!;
    expect(checkedSessionVersion(loaded)).toBe(user.sessionVersion);
    // Not a field of the user (which client components receive), and a copy has none.
    expect(Object.keys(loaded).sort()).toEqual(['adSoyad', 'email', 'id', 'kind', 'locale', 'rol', 'sid']);
    expect(checkedSessionVersion({ ...loaded })).toBeUndefined();
    // A token signed from it is accepted for the same login, and ends with it (log out everywhere).
    const again = await signToken(t.db, { id: loaded.id, rol: loaded.rol, sessionVersion: checkedSessionVersion(loaded)! }, loaded.kind, loaded.sid);
    expect((await verifyToken(t.db, again))?.sid).toBe(loaded.sid);
    await t.db.update(users).set({ sessionVersion: user.sessionVersion + 1 }).where(eq(users.id, user.id));
    try {
      expect(await verifyToken(t.db, again)).toBeNull();
    } finally {
      await t.db.update(users).set({ sessionVersion: user.sessionVersion }).where(eq(users.id, user.id));
    }
  });
});
