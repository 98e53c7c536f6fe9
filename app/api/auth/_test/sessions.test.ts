import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { passwordResetTokens, revokedSessions, users } from '@/db/schema';
import { getAuthSecret, signToken } from '@/lib/domain/credentials';
import { hashResetToken } from '@/lib/domain/auth/reset-tokens';
import { attachSocketServer } from '@/server/socket-server';
import { makeUser, peer } from '@/test/fixtures/accounts';
import { POST as login } from '../login/route';
import { POST as adminLogin } from '../admin-login/route';
import { GET as verify } from '../verify/route';
import { POST as logout } from '../logout/route';
import { POST as logoutAll } from '../logout-all/route';
import { POST as resetPassword } from '../reset-password/route';
import { PUT as updateProfile } from '../../users/profile/me/route';

const t = setupTestDb({ asAppDb: true });

async function loginToken(u: { email: string; password: string }): Promise<string> {
  const res = await call(login, { body: { email: u.email, password: u.password }, headers: peer() });
  expect(res.status).toBe(200);
  return res.body.token as string;
}
const verifyStatus = async (token: string) => (await call(verify, { token })).status;

describe('bearer tokens', () => {
  it('refuses a missing, garbage, forged, expired or oversized token with 401 and a mesaj', async () => {
    const u = await makeUser(t);
    const good = await loginToken(u);
    const secret = new TextEncoder().encode(await getAuthSecret(t.db));
    const expired = await new SignJWT({ rol: 'user', sv: 1, kind: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const otherKey = await new SignJWT({ rol: 'admin', sv: 1, kind: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(u.id), sv: 1 })).toString('base64url')}.`;
    for (const token of ['', 'garbage', good.slice(0, -3) + 'abc', expired, otherKey, unsigned, 'x'.repeat(10_000), "' OR 1=1 --"]) {
      const res = await call(verify, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, token.slice(0, 20)).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', mesaj: 'Bu işlem için giriş yapmalısınız.' });
    }
    expect(await verifyStatus(good)).toBe(200);
  });
});

describe('revoking sessions', () => {
  it('log out everywhere refuses every earlier token and clears the session cookie', async () => {
    const u = await makeUser(t);
    const a = await loginToken(u);
    const b = await loginToken(u);
    const res = await call(logoutAll, { method: 'POST', token: a });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('next-auth.session-token=;');
    expect(await verifyStatus(a)).toBe(401);
    expect(await verifyStatus(b)).toBe(401);
    expect(await verifyStatus(await loginToken(u))).toBe(200);
  });

  it('log out everywhere needs a valid session', async () => {
    expect((await call(logoutAll, { method: 'POST' })).status).toBe(401);
  });

  it('logout clears the browser session cookie', async () => {
    const res = await call(logout, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/next-auth\.session-token=; Path=\/; Max-Age=0/);
  });

  it("a plain logout ends that login's token at once, and only that login", async () => {
    const u = await makeUser(t);
    const phone = await loginToken(u);
    const laptop = await loginToken(u);
    const res = await call(logout, { method: 'POST', token: phone });
    expect(res.status).toBe(200);
    expect(await verifyStatus(phone)).toBe(401); // a copy of the token is refused too
    expect(await verifyStatus(laptop)).toBe(200);
    // Logging out again with the ended token is harmless.
    expect((await call(logout, { method: 'POST', token: phone })).status).toBe(200);
    expect(await verifyStatus(laptop)).toBe(200);
  });

  it('a password change keeps the login: the new token is ended by that login\'s logout', async () => {
    const u = await makeUser(t);
    const old = await loginToken(u);
    const res = await call(updateProfile, {
      method: 'PUT',
      token: old,
      body: { ad_soyad: 'Yeni Ad', email: u.email, telefon: '', meslek: '', currentPassword: u.password, newPassword: 'brand-new-pass-2' },
    });
    const renewed = res.body.token as string;
    expect(await verifyStatus(renewed)).toBe(200);
    await call(logout, { method: 'POST', token: renewed });
    expect(await verifyStatus(renewed)).toBe(401);
  });

  it('refuses a token whose login id is malformed, and forgets ended logins once their tokens have expired', async () => {
    const u = await makeUser(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    const secret = new TextEncoder().encode(await getAuthSecret(t.db));
    const odd = await new SignJWT({ rol: 'user', sv: row!.sessionVersion, kind: 'user', sid: "x' or 1=1" })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setExpirationTime('1h')
      .sign(secret);
    expect(await verifyStatus(odd)).toBe(401);
    // A token from before logins had an id still works (until it expires).
    const legacy = await new SignJWT({ rol: 'user', sv: row!.sessionVersion, kind: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setExpirationTime('1h')
      .sign(secret);
    expect(await verifyStatus(legacy)).toBe(200);
    const token = await loginToken(u);
    await call(logout, { method: 'POST', token });
    const [ended] = await t.db.select().from(revokedSessions).where(eq(revokedSessions.userId, u.id));
    expect(ended!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    await t.db.update(revokedSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(revokedSessions.sid, ended!.sid));
    await call(logout, { method: 'POST', token: await loginToken(u) });
    expect(await t.db.select().from(revokedSessions).where(eq(revokedSessions.sid, ended!.sid))).toEqual([]);
  });

  it('a password change refuses the old token and answers a new one that works', async () => {
    const u = await makeUser(t);
    const old = await loginToken(u);
    const other = await loginToken(u);
    const res = await call(updateProfile, {
      method: 'PUT',
      token: old,
      body: { ad_soyad: 'Yeni Ad', email: u.email, telefon: '', meslek: '', currentPassword: u.password, newPassword: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    expect(await verifyStatus(old)).toBe(401);
    expect(await verifyStatus(other)).toBe(401);
    expect(await verifyStatus(res.body.token as string)).toBe(200);
  });

  it('a password reset refuses every earlier token', async () => {
    const u = await makeUser(t);
    const old = await loginToken(u);
    const token = 'A'.repeat(43);
    await t.db.insert(passwordResetTokens).values({ userId: u.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + 60_000) });
    expect((await call(resetPassword, { body: { token, newPassword: 'after-reset' }, headers: peer() })).status).toBe(200);
    expect(await verifyStatus(old)).toBe(401);
  });

  it('deactivation refuses the token at once', async () => {
    const u = await makeUser(t);
    const token = await loginToken(u);
    await t.db.update(users).set({ aktif: false }).where(eq(users.id, u.id));
    expect(await verifyStatus(token)).toBe(401);
  });

  it('a role change refuses the admin token even before the session version moves, and a bump ends the rest', async () => {
    const a = await makeUser(t, { rol: 'admin' });
    const res = await call(adminLogin, { body: { email: a.email, sifre: a.password }, headers: peer() });
    const adminToken = res.body.token as string;
    const userToken = await loginToken(a);
    expect(await verifyStatus(adminToken)).toBe(200);
    await t.db.update(users).set({ rol: 'user' }).where(eq(users.id, a.id));
    expect(await verifyStatus(adminToken)).toBe(401);
    expect(await verifyStatus(userToken)).toBe(200);
    await t.db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, a.id));
    expect(await verifyStatus(userToken)).toBe(401);
  });

  it('a token signed for a user who no longer exists is refused', async () => {
    const token = await signToken(t.db, { id: 999_999, rol: 'user', sessionVersion: 1 }, 'user');
    expect(await verifyStatus(token)).toBe(401);
  });
});

describe('Socket.IO', () => {
  let http: HttpServer;
  let io: ReturnType<typeof attachSocketServer>;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    http = createServer();
    io = attachSocketServer(http, t.db);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await new Promise<void>((r) => io.close(() => r()));
  });
  const open = (token: string) => {
    const s = connect(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, query: { token } });
    sockets.push(s);
    return s;
  };
  const first = (s: Socket) =>
    new Promise<string>((resolve) => {
      s.once('authenticated', () => resolve('authenticated'));
      s.once('auth_error', () => resolve('auth_error'));
    });

  it('accepts the token from POST /api/auth/login and refuses it after log out everywhere', async () => {
    const u = await makeUser(t);
    const token = await loginToken(u);
    expect(await first(open(token))).toBe('authenticated');
    await call(logoutAll, { method: 'POST', token });
    expect(await first(open(token))).toBe('auth_error');
  });

  it('refuses the token of a login ended by a plain logout', async () => {
    const u = await makeUser(t);
    const token = await loginToken(u);
    expect(await first(open(token))).toBe('authenticated');
    await call(logout, { method: 'POST', token });
    expect(await first(open(token))).toBe('auth_error');
  });
});
