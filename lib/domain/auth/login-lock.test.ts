import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { call } from '@/test/http';
import { loginUnlockTokens, mailOutbox, rateLimitBuckets, users } from '@/db/schema';
import { makeUser } from '@/test/fixtures/accounts';
import { deliverQueuedMail } from '@/lib/infra/mail';
import { enableTwoFactor, setupTwoFactor } from '@/lib/domain/two-factor';
import { totpCode } from '@/lib/domain/two-factor/totp';
import * as loginRoute from '@/app/api/auth/login/route';
import * as adminLoginRoute from '@/app/api/auth/admin-login/route';
import * as unlockRoute from '@/app/api/auth/login/unlock/route';
import { verifyToken } from '@/lib/domain/credentials';
import { AUTH_LIMITS } from './index';

/**
 * Issue #33 item 9: the account-wide sign-in lock that the owner lifts with the right password
 * plus an e-mailed one-time link (or a two-factor code), without telling a guesser anything.
 */
const t = setupTestDb({ asAppDb: true });
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

let net = 0;
/** A fresh block of addresses per test. */
const addresses = () => {
  net += 1;
  return (host: number) => `192.0.${net}.${host}`;
};

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };
const login = (email: string, password: string, ip: string, extra: Record<string, unknown> = {}): Promise<Answer> =>
  call(loginRoute.POST, { body: { email, password, ...extra }, headers: { 'x-etk-peer': ip, 'accept-language': 'en' } });
const adminLogin = (email: string, sifre: string, ip: string): Promise<Answer> =>
  call(adminLoginRoute.POST, { body: { email, sifre }, headers: { 'x-etk-peer': ip, 'accept-language': 'en' } });
const unlock = (token: string, ip = '198.51.100.200'): Promise<Answer> =>
  call(unlockRoute.POST, { body: { token }, headers: { 'x-etk-peer': ip, 'accept-language': 'en' } });

/** Lets every growing delay end (the test does not sleep through them). */
async function endDelays() {
  await t.db.update(rateLimitBuckets).set({ resetAt: sql`now() - interval '1 second'` }).where(like(rateLimitBuckets.key, 'auth:%Wait:%'));
}

/** Locks the account by failures from many addresses (10 per address, the per-address ceiling). */
async function lockAccount(email: string, ip: (host: number) => string, admin = false) {
  const perAddress = admin ? AUTH_LIMITS.adminLoginAccountIp.limit : AUTH_LIMITS.loginAccountIp.limit;
  const total = admin ? AUTH_LIMITS.adminLoginAccount.limit : AUTH_LIMITS.loginAccount.limit;
  for (let a = 0; a < total / perAddress; a++) {
    for (let i = 0; i < perAddress; i++) {
      await endDelays();
      const res = admin ? await adminLogin(email, `wrong-${i}`, ip(a + 1)) : await login(email, `wrong-${i}`, ip(a + 1));
      expect(res.status).toBe(401);
    }
  }
}

const outbox = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** Sends the outbox through the test SMTP server and reads the link from the delivered mail. */
async function mailedLink(to: string): Promise<string> {
  await deliverQueuedMail(t.db, { smtpUrl: smtp.url, from: 'Test <no-reply@example.com>' });
  const mail = await smtp.waitForMail((m) => m.to.includes(to));
  const link = /https?:\/\/\S+\/login\/unlock\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

describe('lock durations', () => {
  it('keeps a guessing address out for an hour but locks the account for a quarter of an hour only', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    // A guessing address: an hour (its window began with its first failure).
    await endDelays();
    const guesser = await login(u.email, 'wrong-again', ip(1));
    expect(guesser.status).toBe(429);
    expect(guesser.body.code).toBe('RATE_LIMITED');
    expect(Number(guesser.headers.get('retry-after'))).toBeGreaterThan(45 * 60);
    expect(Number(guesser.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);
    // The account from any other address: at most 15 minutes.
    const owner = await login(u.email, 'still-wrong', ip(200));
    expect(owner.status).toBe(429);
    expect(owner.body.code).toBe('LOGIN_LOCKED');
    expect(owner.body.remainingSeconds).toBeGreaterThan(10 * 60);
    expect(owner.body.remainingSeconds).toBeLessThanOrEqual(15 * 60);
    expect(Number(owner.headers.get('retry-after'))).toBe(owner.body.remainingSeconds);
  });

  it('gives admin accounts the same lock (50 failures, a quarter of an hour)', async () => {
    const ip = addresses();
    const admin = await makeUser(t, { rol: 'admin' });
    await lockAccount(admin.email, ip, true);
    const res = await adminLogin(admin.email, 'nope', ip(200));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('LOGIN_LOCKED');
    expect(res.body.remainingSeconds).toBeLessThanOrEqual(15 * 60);
  });
});

describe('a locked account', () => {
  it('answers a wrong and a right password alike, and only the right one mails the owner', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    const wrong = await login(u.email, 'not-the-password', ip(200));
    expect(await outbox(u.email)).toEqual([]);
    const right = await login(u.email, u.password, ip(201));
    for (const res of [wrong, right]) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ success: false, code: 'LOGIN_LOCKED' });
      expect(res.body.token).toBeUndefined();
    }
    expect(Object.keys(right.body).sort()).toEqual(Object.keys(wrong.body).sort());
    expect(right.body.mesaj).toBe(wrong.body.mesaj);
    expect(right.body.mesaj).toContain('check your e-mail');
    expect(Math.abs((right.body.remainingSeconds as number) - (wrong.body.remainingSeconds as number))).toBeLessThanOrEqual(2);
    expect([...right.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());

    const mails = await outbox(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your one-time sign-in link');
    // Only the link's hash is stored.
    const token = await mailedLink(u.email);
    const [row] = await t.db.select().from(loginUnlockTokens).where(eq(loginUnlockTokens.userId, u.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an unknown e-mail the same and sends nothing', async () => {
    const ip = addresses();
    const email = `nobody-${Date.now()}@example.com`;
    await lockAccount(email, ip);
    const res = await login(email, 'anything', ip(200));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('LOGIN_LOCKED');
    expect(await outbox(email)).toEqual([]);
  });

  it('sends at most three links an hour to one account', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    for (let i = 0; i < 5; i++) expect((await login(u.email, u.password, ip(200 + i))).body.code).toBe('LOGIN_LOCKED');
    expect(await outbox(u.email)).toHaveLength(AUTH_LIMITS.unlockMail.limit);
  });
});

describe('the one-time sign-in link', () => {
  it('signs the owner in and lifts the account lock, not the guessing addresses’ locks', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    await login(u.email, u.password, ip(200));
    const token = await mailedLink(u.email);

    const res = await unlock(token);
    expect(res.status).toBe(200);
    expect(res.body.kullanici).toMatchObject({ id: u.id, email: u.email });
    const user = await verifyToken(t.db, res.body.token as string);
    expect(user).toMatchObject({ id: u.id, kind: 'user' });

    // The account is open again: the owner signs in with the password from anywhere …
    expect((await login(u.email, u.password, ip(202))).status).toBe(200);
    // … while an address that guessed still waits out its hour.
    await endDelays();
    const guesser = await login(u.email, u.password, ip(1));
    expect(guesser.status).toBe(429);
    expect(guesser.body.code).toBe('RATE_LIMITED');
  });

  it('works once', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    await login(u.email, u.password, ip(200));
    const token = await mailedLink(u.email);
    expect((await unlock(token)).status).toBe(200);
    const again = await unlock(token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });
    expect(again.body.token).toBeUndefined();
  });

  it('expires after 15 minutes', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    await login(u.email, u.password, ip(200));
    const token = await mailedLink(u.email);
    const [row] = await t.db.select().from(loginUnlockTokens).where(eq(loginUnlockTokens.userId, u.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
    await t.db.update(loginUnlockTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(loginUnlockTokens.userId, u.id));
    expect((await unlock(token)).body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });
  });

  it('signs in only its own account, and no longer after a password change or deactivation', async () => {
    const ip = addresses();
    const a = await makeUser(t);
    const b = await makeUser(t);
    await lockAccount(a.email, ip);
    await lockAccount(b.email, addresses());
    await login(a.email, a.password, ip(200));
    await login(b.email, b.password, ip(201));
    const linkA = await mailedLink(a.email);
    const linkB = await mailedLink(b.email);
    expect(linkA).not.toBe(linkB);
    const asB = await unlock(linkB);
    expect(asB.body.kullanici).toMatchObject({ id: b.id });
    // A's account is still locked: B's link lifted only B's.
    expect((await login(a.email, 'wrong', ip(203))).body.code).toBe('LOGIN_LOCKED');

    // A changes the password (a new session version) before opening the link: it is dead.
    await t.db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, a.id));
    expect((await unlock(linkA)).body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });

    const c = await makeUser(t);
    const ipC = addresses();
    await lockAccount(c.email, ipC);
    await login(c.email, c.password, ipC(200));
    const linkC = await mailedLink(c.email);
    await t.db.update(users).set({ aktif: false }).where(eq(users.id, c.id));
    expect((await unlock(linkC)).body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });
  });

  it.skipIf(!onPostgres())('signs in once when the same link is used many times at once', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    await login(u.email, u.password, ip(200));
    const token = await mailedLink(u.email);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => unlock(token, `198.51.100.${i + 1}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'UNLOCK_LINK_INVALID')).toHaveLength(7);
  });

  it('ends an earlier link when a new one is sent', async () => {
    const ip = addresses();
    const u = await makeUser(t);
    await lockAccount(u.email, ip);
    await login(u.email, u.password, ip(200));
    const first = await mailedLink(u.email);
    smtp.messages.length = 0;
    await login(u.email, u.password, ip(201));
    const second = await mailedLink(u.email);
    expect(second).not.toBe(first);
    expect((await unlock(first)).body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });
    expect((await unlock(second)).status).toBe(200);
  });

  it('refuses a malformed or unknown link the same way', async () => {
    expect((await unlock('x')).body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });
    expect((await unlock('A'.repeat(43))).body).toMatchObject({ code: 'UNLOCK_LINK_INVALID' });
    expect((await unlock('')).status).toBe(400);
  });

  it('gives an admin an admin token from the admin login’s link; a customer at the admin login gets no mail', async () => {
    const ip = addresses();
    const admin = await makeUser(t, { rol: 'admin' });
    await lockAccount(admin.email, ip, true);
    expect((await adminLogin(admin.email, admin.password, ip(200))).body.code).toBe('LOGIN_LOCKED');
    const token = await mailedLink(admin.email);
    const res = await unlock(token);
    expect(res.status).toBe(200);
    expect(await verifyToken(t.db, res.body.token as string)).toMatchObject({ id: admin.id, kind: 'admin' });

    const customer = await makeUser(t);
    const ipC = addresses();
    await lockAccount(customer.email, ipC, true);
    expect((await adminLogin(customer.email, customer.password, ipC(200))).body.code).toBe('LOGIN_LOCKED');
    expect(await outbox(customer.email)).toEqual([]);
  });
});

describe('a locked account with two-factor sign-in', () => {
  async function lockedWithTwoFactor() {
    const ip = addresses();
    const u = await makeUser(t);
    const { secret } = await setupTwoFactor(t.db, u);
    // Enabled with the code of a step well in the past, so the current one is still unused.
    await enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, Date.now() - 10 * 60_000), currentPassword: u.password, nowMs: Date.now() - 10 * 60_000 });
    await lockAccount(u.email, ip);
    return { u, secret, ip };
  }

  it('mails no link (a link must not skip the second factor); the right password alone still looks locked', async () => {
    const { u, ip } = await lockedWithTwoFactor();
    const res = await login(u.email, u.password, ip(200));
    expect(res.body.code).toBe('LOGIN_LOCKED');
    expect(await outbox(u.email)).toEqual([]);
  });

  it('signs in with the password and a right code given together, and lifts the lock', async () => {
    const { u, secret, ip } = await lockedWithTwoFactor();
    const wrongCode = await login(u.email, u.password, ip(200), { code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000' });
    expect(wrongCode.body.code).toBe('LOGIN_LOCKED');
    const wrongPassword = await login(u.email, 'not-it', ip(201), { code: totpCode(secret, Date.now()) });
    expect(wrongPassword.body.code).toBe('LOGIN_LOCKED');
    expect(wrongPassword.body.mesaj).toBe(wrongCode.body.mesaj);

    const res = await login(u.email, u.password, ip(202), { code: totpCode(secret, Date.now()) });
    expect(res.status).toBe(200);
    expect(await verifyToken(t.db, res.body.token as string)).toMatchObject({ id: u.id });
    // The lock is gone: the next sign-in is the usual two steps.
    const next = await login(u.email, u.password, ip(203));
    expect(next.status).toBe(200);
    expect(next.body.two_factor_required).toBe(true);
  });
});
