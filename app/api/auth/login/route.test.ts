import { describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { rateLimitBuckets, users } from '@/db/schema';
import { verifyToken } from '@/lib/domain/credentials';
import { makeUser, peer } from '@/test/fixtures/accounts';
import { POST as login } from './route';
import { POST as adminLogin } from '../admin-login/route';
import { GET as verify } from '../verify/route';

const t = setupTestDb({ asAppDb: true });

/** Lets the delays after failed logins end at once (the tests do not sleep through them). */
async function endDelays() {
  await t.db.update(rateLimitBuckets).set({ resetAt: sql`now() - interval '1 second'` }).where(like(rateLimitBuckets.key, 'auth:%Wait:%'));
}

describe('POST /api/auth/login', () => {
  it('answers a bearer token and kullanici; the token works on GET /api/auth/verify', async () => {
    const u = await makeUser(t, { email: 'login1@example.com' });
    const res = await call(login, { body: { email: 'Login1@Example.com ', password: u.password }, headers: peer() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), kullanici: { id: u.id, email: 'login1@example.com', rol: 'user', aktif_paketler: [] } });
    const v = await call(verify, { token: res.body.token as string });
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ success: true, kullanici: { id: u.id, ad_soyad: 'Test Kullanıcı' } });
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    await makeUser(t, { email: 'login2@example.com' });
    const wrong = await call(login, { body: { email: 'login2@example.com', password: 'nope-nope' }, headers: peer() });
    const unknown = await call(login, { body: { email: 'nobody@example.com', password: 'nope-nope' }, headers: peer() });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ success: false, code: 'INVALID_CREDENTIALS', mesaj: 'E-posta veya şifre hatalı.' });
  });

  it('requires e-mail and password (email_password_required), in the request language', async () => {
    for (const body of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: '', password: '' }, { email: 5, password: [] }]) {
      const res = await call(login, { body, headers: peer() });
      expect(res.status).toBe(400);
      expect(res.body.mesaj).toBe('E-posta ve şifre alanları zorunludur.');
    }
    const en = await call(login, { body: {}, headers: { ...peer(), 'accept-language': 'en' } });
    expect(en.body.mesaj).toBe('E-mail and password are required.');
  });

  it('treats SQL-looking and unicode input as plain text', async () => {
    const res = await call(login, { body: { email: "' OR 1=1 --", password: "' OR '1'='1" }, headers: peer() });
    expect(res.status).toBe(401);
    const uni = await call(login, { body: { email: 'ünïcødé@exämple.com', password: '🔑🔑🔑🔑🔑🔑' }, headers: peer() });
    expect(uni.status).toBe(401);
  });

  it('refuses a deactivated account after the right password, and a deleted one like an unknown one', async () => {
    const off = await makeUser(t, { email: 'off@example.com', aktif: false });
    const res = await call(login, { body: { email: 'off@example.com', password: off.password }, headers: peer() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_DISABLED');
    const gone = await makeUser(t, { email: 'gone@example.com' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const del = await call(login, { body: { email: 'gone@example.com', password: gone.password }, headers: peer() });
    expect(del.status).toBe(401);
    expect(del.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('stops 10 failures from one address with 429 while the owner logs in from another (issue 14)', async () => {
    const u = await makeUser(t, { email: 'brute@example.com' });
    const attacker = peer();
    for (let i = 0; i < 10; i++) {
      await endDelays();
      expect((await call(login, { body: { email: u.email, password: `wrong-${i}` }, headers: attacker })).status).toBe(401);
    }
    await endDelays();
    const res = await call(login, { body: { email: u.email, password: u.password }, headers: { ...attacker, 'accept-language': 'en' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(res.body.remainingSeconds).toBe(Number(res.headers.get('retry-after')));
    expect(res.body.mesaj).toMatch(/^Too many attempts.*\d+ seconds/);
    const owner = await call(login, { body: { email: u.email, password: u.password }, headers: peer() });
    expect(owner.status).toBe(200);
    expect(typeof owner.body.token).toBe('string');
  });

  it('answers a growing wait from the 5th failure of one address with 429, Retry-After and remainingSeconds', async () => {
    const u = await makeUser(t, { email: 'slowed@example.com' });
    const headers = peer();
    for (let i = 1; i <= 4; i++) expect((await call(login, { body: { email: u.email, password: 'wrong-wrong' }, headers })).status).toBe(401);
    const waits: number[] = [];
    for (let i = 5; i <= 8; i++) {
      await endDelays();
      expect((await call(login, { body: { email: u.email, password: 'wrong-wrong' }, headers })).status).toBe(401);
      const next = await call(login, { body: { email: u.email, password: u.password }, headers: { ...headers, 'accept-language': 'de' } });
      expect(next.status).toBe(429);
      expect(next.body).toMatchObject({ success: false, code: 'RATE_LIMITED', mesaj: `Zu viele Versuche. Bitte versuchen Sie es in ${next.body.remainingSeconds} Sekunden erneut.` });
      expect(Number(next.headers.get('retry-after'))).toBe(next.body.remainingSeconds);
      waits.push(next.body.remainingSeconds as number);
    }
    expect(waits).toEqual([5, 10, 20, 40]);
    // Once the wait is over the right password works from that address too.
    await endDelays();
    expect((await call(login, { body: { email: u.email, password: u.password }, headers })).status).toBe(200);
  });

  it('refuses the owner too once the account has 100 failures from all addresses in an hour', async () => {
    const u = await makeUser(t, { email: 'besieged@example.com' });
    // Ten addresses with ten failures each (the per-address ceiling) reach the account-wide one.
    await t.db.insert(rateLimitBuckets).values({ key: `auth:loginAccount:${u.email}`, count: 99, resetAt: sql`now() + interval '50 minutes'` });
    expect((await call(login, { body: { email: u.email, password: 'last-guess' }, headers: peer() })).status).toBe(401);
    const owner = await call(login, { body: { email: u.email, password: u.password }, headers: peer() });
    expect(owner.status).toBe(429);
    expect(owner.body.remainingSeconds).toBeGreaterThan(2900);
  });

  it('limits failed attempts per IP across accounts, and a success does not count', async () => {
    const headers = peer();
    const u = await makeUser(t, { email: 'ipuser@example.com' });
    for (let i = 0; i < 5; i++) expect((await call(login, { body: { email: u.email, password: u.password }, headers })).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      expect((await call(login, { body: { email: `spray${i}@example.com`, password: 'guess-guess' }, headers })).status).toBe(401);
    }
    expect((await call(login, { body: { email: u.email, password: u.password }, headers })).status).toBe(429);
    expect((await call(login, { body: { email: u.email, password: u.password }, headers: peer() })).status).toBe(200);
  });
});

describe('POST /api/auth/admin-login', () => {
  it('lets an admin in with an admin token', async () => {
    const a = await makeUser(t, { email: 'boss@example.com', rol: 'admin' });
    const res = await call(adminLogin, { body: { email: 'boss@example.com', sifre: a.password }, headers: peer() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, kullanici: { rol: 'admin' } });
    expect(await verifyToken(t.db, res.body.token as string)).toMatchObject({ id: a.id, rol: 'admin', kind: 'admin' });
  });

  it('refuses an ordinary user with the right password: Yalnızca admin kullanıcı girebilir!', async () => {
    const u = await makeUser(t, { email: 'plain@example.com' });
    const res = await call(adminLogin, { body: { email: u.email, sifre: u.password }, headers: peer() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'ADMIN_ONLY', mesaj: 'Yalnızca admin kullanıcı girebilir!' });
    expect(res.body.token).toBeUndefined();
  });

  it('does not tell a non-admin e-mail from a wrong password without the right password', async () => {
    const u = await makeUser(t, { email: 'plain2@example.com' });
    const res = await call(adminLogin, { body: { email: u.email, sifre: 'wrong-password' }, headers: peer() });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('requires e-mail and password with the §5 text', async () => {
    const res = await call(adminLogin, { body: { email: 'x@example.com' }, headers: peer() });
    expect(res.status).toBe(400);
    expect(res.body.mesaj).toBe('E-posta ve şifre zorunludur.');
    // The §7 field is `sifre`: `password` is not read.
    const other = await call(adminLogin, { body: { email: 'x@example.com', password: 'abcdef' }, headers: peer() });
    expect(other.status).toBe(400);
  });

  it('stops admin login after 5 failures from one address while the admin logs in from another', async () => {
    const a = await makeUser(t, { email: 'boss2@example.com', rol: 'admin' });
    const attacker = peer();
    for (let i = 0; i < 5; i++) {
      await endDelays();
      expect((await call(adminLogin, { body: { email: a.email, sifre: 'bad-bad' }, headers: attacker })).status).toBe(401);
    }
    await endDelays();
    const refused = await call(adminLogin, { body: { email: a.email, sifre: a.password }, headers: attacker });
    expect(refused.status).toBe(429);
    expect(refused.body.remainingSeconds).toBeGreaterThan(800);
    expect((await call(adminLogin, { body: { email: a.email, sifre: a.password }, headers: peer() })).status).toBe(200);
  });
});
