import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { siteSettings } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { totpCode } from '@/lib/domain/two-factor/totp';
import { makeUser, peer } from '@/test/fixtures/accounts';
import { GET as status } from './route';
import { POST as setup } from './setup/route';
import { POST as enable } from './enable/route';
import { POST as disable } from './disable/route';
import { POST as login } from '../login/route';
import { POST as adminLogin } from '../admin-login/route';
import { POST as loginSecondStep } from '../login/2fa/route';
import { GET as verify } from '../verify/route';

const t = setupTestDb({ asAppDb: true });

/** The real clock, shifted by whole 30-second steps (a step can be used once). */
const step = (n: number) => Date.now() + n * 30_000;

async function account(rol: 'user' | 'admin' = 'user') {
  const u = await makeUser(t, { rol });
  const token = await signToken(t.db, u, rol === 'admin' ? 'admin' : 'user');
  return { ...u, token };
}

async function enabled(rol: 'user' | 'admin' = 'user') {
  const u = await account(rol);
  const s = await call(setup, { method: 'POST', token: u.token });
  const secret = s.body.secret as string;
  const enableCode = totpCode(secret, Date.now());
  const e = await call(enable, { token: u.token, body: { code: enableCode, currentPassword: u.password } });
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return { ...u, secret, enableCode, recoveryCodes: e.body.recovery_codes as string[] };
}

describe('the two-factor settings routes', () => {
  it('set up with a secret and an otpauth URL, enable with ten recovery codes, report the status', async () => {
    const u = await account();
    expect((await call(status, { token: u.token })).body).toEqual({ success: true, enabled: false, enabled_at: null, recovery_codes_left: 0 });
    const s = await call(setup, { method: 'POST', token: u.token });
    expect(s.status).toBe(200);
    expect(s.body).toEqual({ success: true, secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\//) });
    expect(s.body.otpauth_url).toContain(`secret=${s.body.secret}`);

    const wrong = await call(enable, { token: u.token, body: { code: '000000', currentPassword: u.password }, headers: { 'accept-language': 'en' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, code: 'TWO_FACTOR_CODE_INVALID', mesaj: 'The authentication code is incorrect.' });
    const badPassword = await call(enable, { token: u.token, body: { code: totpCode(s.body.secret as string, Date.now()), currentPassword: 'nope-nope' } });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.code).toBe('CURRENT_PASSWORD_WRONG');
    const missing = await call(enable, { token: u.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');

    const ok = await call(enable, { token: u.token, body: { code: totpCode(s.body.secret as string, Date.now()), currentPassword: u.password } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, recovery_codes: expect.any(Array) });
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect((await call(status, { token: u.token })).body).toMatchObject({ success: true, enabled: true, recovery_codes_left: 10 });

    const again = await call(setup, { method: 'POST', token: u.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('ask a visitor to log in', async () => {
    for (const handler of [setup, enable, disable]) expect((await call(handler, { method: 'POST', body: {} })).status).toBe(401);
    expect((await call(status)).status).toBe(401);
  });

  it('disable with the password and a code', async () => {
    const u = await enabled();
    const wrong = await call(disable, { token: u.token, body: { currentPassword: u.password, code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TWO_FACTOR_CODE_INVALID');
    const res = await call(disable, { token: u.token, body: { currentPassword: u.password, code: totpCode(u.secret, step(1)) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const login1 = await call(login, { body: { email: u.email, password: u.password }, headers: peer() });
    expect(login1.body).toHaveProperty('token');
  });
});

describe('logging in with two-factor sign-in', () => {
  it('answers a challenge and no token, then the usual token and kullanici for a code', async () => {
    const u = await enabled();
    const first = await call(login, { body: { email: u.email, password: u.password }, headers: peer() });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, two_factor_required: true, challenge: expect.any(String) });

    const wrong = await call(loginSecondStep, { body: { challenge: first.body.challenge, code: '123 456' }, headers: { ...peer(), 'accept-language': 'de' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, code: 'TWO_FACTOR_CODE_INVALID', mesaj: 'Der Bestätigungscode ist falsch.' });

    const done = await call(loginSecondStep, { body: { challenge: first.body.challenge, code: totpCode(u.secret, step(1)) }, headers: peer() });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, token: expect.any(String), kullanici: expect.objectContaining({ id: u.id, email: u.email, rol: 'user', aktif_paketler: [] }) });
    expect((await call(verify, { token: done.body.token as string })).status).toBe(200);

    const replay = await call(loginSecondStep, { body: { challenge: first.body.challenge, code: totpCode(u.secret, step(1)) }, headers: peer() });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('refuses a used TOTP step with a code of its own, and takes a recovery code once', async () => {
    const u = await enabled();
    const challenge = async () => (await call(login, { body: { email: u.email, password: u.password }, headers: peer() })).body.challenge;
    // The very code that turned it on (a code computed again here could fall in the next 30 s step).
    const used = await call(loginSecondStep, { body: { challenge: await challenge(), code: u.enableCode }, headers: peer() });
    expect(used.status).toBe(400);
    expect(used.body.code).toBe('TWO_FACTOR_CODE_USED');
    const recovery = await call(loginSecondStep, { body: { challenge: await challenge(), code: u.recoveryCodes[0] }, headers: peer() });
    expect(recovery.status).toBe(200);
    expect(recovery.body.token).toEqual(expect.any(String));
    const again = await call(loginSecondStep, { body: { challenge: await challenge(), code: u.recoveryCodes[0] }, headers: peer() });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('gives an admin token after admin login, and refuses bad input with 400', async () => {
    const admin = await enabled('admin');
    const first = await call(adminLogin, { body: { email: admin.email, sifre: admin.password }, headers: peer() });
    expect(first.body).toEqual({ success: true, two_factor_required: true, challenge: expect.any(String) });
    const done = await call(loginSecondStep, { body: { challenge: first.body.challenge, code: totpCode(admin.secret, step(1)) }, headers: peer() });
    expect(done.status).toBe(200);
    expect(done.body.kullanici).toMatchObject({ id: admin.id, rol: 'admin' });
    const { verifyToken } = await import('@/lib/domain/credentials');
    expect(await verifyToken(t.db, done.body.token as string)).toMatchObject({ kind: 'admin' });

    for (const body of [{}, { challenge: 'x' }, { challenge: 'a b', code: '123456' }, { challenge: 'abc', code: '12\u00003456' }, { challenge: 5, code: [] }]) {
      const res = await call(loginSecondStep, { body, headers: peer() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses an admin login without two-factor sign-in while the site requires it (403), and not the plain login', async () => {
    const admin = await account('admin');
    await t.db.insert(siteSettings).values({ id: 1, siteAdi: 'Etkileşim', requireAdminTwoFactor: true }).onConflictDoUpdate({ target: siteSettings.id, set: { requireAdminTwoFactor: true } });
    try {
      const res = await call(adminLogin, { body: { email: admin.email, sifre: admin.password }, headers: { ...peer(), 'accept-language': 'en' } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'TWO_FACTOR_SETUP_REQUIRED' });
      expect(res.body).not.toHaveProperty('token');
      const plain = await call(login, { body: { email: admin.email, password: admin.password }, headers: peer() });
      expect(plain.status).toBe(200);
      expect(plain.body.token).toEqual(expect.any(String));
    } finally {
      await t.db.update(siteSettings).set({ requireAdminTwoFactor: false }).where(eq(siteSettings.id, 1));
    }
  });
});
