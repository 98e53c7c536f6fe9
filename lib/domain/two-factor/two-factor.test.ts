import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { loginChallenges, recoveryCodes, siteSettings, totpCredentials, users } from '@/db/schema';
import { loginUser } from '@/lib/domain/auth';
import { verifyToken } from '@/lib/domain/credentials';
import { updateSiteSettings, getAdminSiteSettings } from '@/lib/domain/settings';
import { makeUser } from '@/test/fixtures/accounts';
import {
  completeTwoFactorLogin,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  MAX_CHALLENGE_ATTEMPTS,
  setupTwoFactor,
  TWO_FACTOR_LIMITS,
  twoFactorEnabled,
} from './index';
import { decryptSecret, encryptSecret } from './secret-box';
import { totpCode } from './totp';

const t = setupTestDb();

// A fixed clock: every code below is computed for a known 30-second step around it.
const NOW = Date.UTC(2030, 0, 1, 12, 0, 15);
const at = (steps: number) => NOW + steps * 30_000;

let ipN = 0;
const ip = () => `10.9.0.${++ipN}`;

/** A user with two-factor sign-in on, enabled with the code of step 0 (so step 0 is used). */
async function withTwoFactor(values: { rol?: 'user' | 'admin' } = {}) {
  const u = await makeUser(t, values);
  const { secret } = await setupTwoFactor(t.db, u);
  const { recovery_codes } = await enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, NOW), currentPassword: u.password, nowMs: NOW });
  return { ...u, secret, recoveryCodes: recovery_codes };
}

async function challengeFor(u: { email: string; password: string }, kind: 'user' | 'admin' = 'user') {
  const res = await loginUser(t.db, { email: u.email, password: u.password, ip: ip(), kind, locale: 'tr' });
  if (!('challenge' in res)) throw new Error('expected a two-factor challenge');
  return res.challenge;
}

const complete = (challenge: string, code: string, nowMs = NOW, from = ip()) =>
  completeTwoFactorLogin(t.db, { challenge, code, ip: from, locale: 'en', nowMs });

describe('setting up two-factor sign-in', () => {
  it('keeps a pending secret, encrypted, that changes nothing until a code and the password enable it', async () => {
    const u = await makeUser(t);
    const { secret, otpauth_url } = await setupTwoFactor(t.db, u);
    expect(otpauth_url).toContain(`secret=${secret}`);
    const [row] = await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, u.id));
    expect(row).toMatchObject({ enabledAt: null, lastUsedStep: null });
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(await decryptSecret(t.db, row!.secretEncrypted)).toBe(secret);
    expect(await getTwoFactorStatus(t.db, u.id)).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    // A pending setup does not change the login.
    const login = await loginUser(t.db, { email: u.email, password: u.password, ip: ip(), kind: 'user', locale: 'tr' });
    expect(login).toHaveProperty('token');

    await expect(enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, NOW), currentPassword: 'wrong-password', nowMs: NOW })).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    await expect(enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, at(3)), currentPassword: u.password, nowMs: NOW })).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    await expect(enableTwoFactor(t.db, { userId: u.id, code: 'ABCD-EFGH-JKMN-PQRS', currentPassword: u.password, nowMs: NOW })).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    expect((await getTwoFactorStatus(t.db, u.id)).enabled).toBe(false);

    const { recovery_codes } = await enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, NOW), currentPassword: u.password, nowMs: NOW });
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const code of recovery_codes) expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));
    expect(await getTwoFactorStatus(t.db, u.id)).toMatchObject({ enabled: true, recovery_codes_left: 10 });
  });

  it('refuses enable without a setup, and a new setup while it is on (a stolen session cannot swap the secret)', async () => {
    const u = await makeUser(t);
    await expect(enableTwoFactor(t.db, { userId: u.id, code: '123456', currentPassword: u.password })).rejects.toMatchObject({ code: 'TWO_FACTOR_SETUP_NOT_STARTED' });
    const on = await withTwoFactor();
    await expect(setupTwoFactor(t.db, on)).rejects.toMatchObject({ code: 'TWO_FACTOR_ALREADY_ENABLED' });
    await expect(enableTwoFactor(t.db, { userId: on.id, code: totpCode(on.secret, at(1)), currentPassword: on.password, nowMs: NOW })).rejects.toMatchObject({ code: 'TWO_FACTOR_ALREADY_ENABLED' });
  });

  it('limits wrong passwords and codes in the settings per account', async () => {
    const u = await makeUser(t);
    const { secret } = await setupTwoFactor(t.db, u);
    for (let i = 0; i < TWO_FACTOR_LIMITS.settingsAccount.limit; i++) {
      await expect(enableTwoFactor(t.db, { userId: u.id, code: '000000', currentPassword: 'wrong', nowMs: NOW })).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    }
    await expect(enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, NOW), currentPassword: u.password, nowMs: NOW })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('keeps the secret unreadable without the key: a changed value does not decrypt', async () => {
    const box = await encryptSecret(t.db, 'JBSWY3DPEHPK3PXP');
    expect(await decryptSecret(t.db, box)).toBe('JBSWY3DPEHPK3PXP');
    const [v, iv, body] = box.split(':');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(await decryptSecret(t.db, `${v}:${iv}:${flipped.toString('base64url')}`)).toBeNull();
    expect(await decryptSecret(t.db, 'garbage')).toBeNull();
  });
});

describe('logging in with two-factor sign-in', () => {
  it('answers a challenge and no token after the right password, then a token and kullanici for a current code', async () => {
    const u = await withTwoFactor();
    const res = await loginUser(t.db, { email: u.email, password: u.password, ip: ip(), kind: 'user', locale: 'tr' });
    expect(res).toEqual({ two_factor_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(res).not.toHaveProperty('token');
    const done = await complete((res as { challenge: string }).challenge, totpCode(u.secret, at(1)), at(1));
    expect(done.kullanici).toMatchObject({ id: u.id, email: u.email });
    expect(await verifyToken(t.db, done.token)).toMatchObject({ id: u.id, kind: 'user' });
    // The second step's language is remembered, as a login's is.
    const [row] = await t.db.select({ locale: users.locale }).from(users).where(eq(users.id, u.id));
    expect(row!.locale).toBe('en');
  });

  it('accepts a code one step early or late and refuses one two steps away', async () => {
    const u = await withTwoFactor();
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(12)), at(10))).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(9)), at(10))).resolves.toHaveProperty('token');
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(11)), at(10))).resolves.toHaveProperty('token');
  });

  it('never accepts a used step again, nor an earlier one (the enabling code included)', async () => {
    const u = await withTwoFactor();
    // Step 0 was used to enable.
    await expect(complete(await challengeFor(u), totpCode(u.secret, NOW))).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_USED' });
    await complete(await challengeFor(u), totpCode(u.secret, at(5)), at(5));
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(5)), at(5))).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_USED' });
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(4)), at(5))).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_USED' });
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(6)), at(5))).resolves.toHaveProperty('token');
  });

  it('takes each recovery code once, in any spelling, and counts what is left', async () => {
    const u = await withTwoFactor();
    const [first, second] = u.recoveryCodes;
    await expect(complete(await challengeFor(u), first!.toLowerCase().replace(/-/g, ' '))).resolves.toHaveProperty('token');
    await expect(complete(await challengeFor(u), first!)).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    await expect(complete(await challengeFor(u), second!)).resolves.toHaveProperty('token');
    expect(await getTwoFactorStatus(t.db, u.id)).toMatchObject({ enabled: true, recovery_codes_left: 8 });
    // Another account's code is nothing here.
    const other = await withTwoFactor();
    await expect(complete(await challengeFor(u), other.recoveryCodes[0]!)).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
  });

  it('uses a challenge once', async () => {
    const u = await withTwoFactor();
    const challenge = await challengeFor(u);
    await complete(challenge, totpCode(u.secret, at(1)), at(1));
    await expect(complete(challenge, totpCode(u.secret, at(2)), at(2))).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
    await expect(complete('not-a-challenge-at-all', totpCode(u.secret, at(3)), at(3))).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
  });

  it('lets a challenge expire after five minutes', async () => {
    const u = await withTwoFactor();
    const challenge = await challengeFor(u);
    const [row] = await t.db.select().from(loginChallenges).where(eq(loginChallenges.userId, u.id));
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(ttl).toBeGreaterThan(295);
    expect(ttl).toBeLessThanOrEqual(300);
    await t.db.update(loginChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(loginChallenges.userId, u.id));
    await expect(complete(challenge, totpCode(u.secret, at(1)), at(1))).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
  });

  it('uses a challenge up after five wrong codes, even for the right code', async () => {
    const u = await withTwoFactor();
    const challenge = await challengeFor(u);
    for (let i = 0; i < MAX_CHALLENGE_ATTEMPTS; i++) {
      await expect(complete(challenge, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ')).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    }
    await expect(complete(challenge, totpCode(u.secret, at(1)), at(1))).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
  });

  it('limits wrong codes per account across challenges and addresses, and per address', async () => {
    const u = await withTwoFactor();
    let refused: unknown;
    for (let i = 0; i <= TWO_FACTOR_LIMITS.codeAccount.limit && !refused; i++) {
      refused = await complete(await challengeFor(u), 'ZZZZ-ZZZZ-ZZZZ-ZZZZ').then(
        () => undefined,
        (e: { code: string }) => (e.code === 'RATE_LIMITED' ? e : undefined),
      );
    }
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    // Even the right code waits.
    await expect(complete(await challengeFor(u), totpCode(u.secret, at(1)), at(1))).rejects.toMatchObject({ code: 'RATE_LIMITED' });

    const from = '10.9.99.1';
    for (let i = 0; i < TWO_FACTOR_LIMITS.codeIp.limit; i++) {
      await expect(complete('unknown-challenge', '123456', NOW, from)).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
    }
    await expect(complete('unknown-challenge', '123456', NOW, from)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('gives an admin-kind token for a challenge from admin login', async () => {
    const admin = await withTwoFactor({ rol: 'admin' });
    const done = await complete(await challengeFor(admin, 'admin'), totpCode(admin.secret, at(1)), at(1));
    expect(await verifyToken(t.db, done.token)).toMatchObject({ id: admin.id, rol: 'admin', kind: 'admin' });
    const plain = await complete(await challengeFor(admin, 'user'), totpCode(admin.secret, at(2)), at(2));
    expect(await verifyToken(t.db, plain.token)).toMatchObject({ id: admin.id, kind: 'user' });
  });

  it('ends a challenge when the password changed, or the account was deactivated, in between', async () => {
    const u = await withTwoFactor();
    const challenge = await challengeFor(u);
    await t.db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, u.id));
    await expect(complete(challenge, totpCode(u.secret, at(1)), at(1))).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
    const v = await withTwoFactor();
    const c2 = await challengeFor(v);
    await t.db.update(users).set({ aktif: false }).where(eq(users.id, v.id));
    await expect(complete(c2, totpCode(v.secret, at(1)), at(1))).rejects.toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_INVALID' });
  });

  it.skipIf(!onPostgres())('lets only one of many parallel requests with the same code in', async () => {
    const u = await withTwoFactor();
    const challenges = await Promise.all(Array.from({ length: 8 }, () => challengeFor(u)));
    const code = totpCode(u.secret, at(1));
    const results = await Promise.allSettled(challenges.map((c) => complete(c, code, at(1))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const same = await challengeFor(u);
    const code2 = totpCode(u.secret, at(2));
    const twice = await Promise.allSettled([complete(same, code2, at(2)), complete(same, u.recoveryCodes[0]!, at(2))]);
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('turning two-factor sign-in off', () => {
  it('takes the password and a code, then the login answers a token again', async () => {
    const u = await withTwoFactor();
    await expect(disableTwoFactor(t.db, { userId: u.id, rol: 'user', code: totpCode(u.secret, at(1)), currentPassword: 'wrong', nowMs: at(1) })).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    await expect(disableTwoFactor(t.db, { userId: u.id, rol: 'user', code: totpCode(u.secret, NOW), currentPassword: u.password, nowMs: NOW })).rejects.toMatchObject({ code: 'TWO_FACTOR_CODE_USED' });
    await disableTwoFactor(t.db, { userId: u.id, rol: 'user', code: u.recoveryCodes[3]!, currentPassword: u.password, nowMs: NOW });
    expect(await getTwoFactorStatus(t.db, u.id)).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toHaveLength(0);
    expect(await loginUser(t.db, { email: u.email, password: u.password, ip: ip(), kind: 'user', locale: 'tr' })).toHaveProperty('token');
    await expect(disableTwoFactor(t.db, { userId: u.id, rol: 'user', code: '123456', currentPassword: u.password })).rejects.toMatchObject({ code: 'TWO_FACTOR_NOT_ENABLED' });
  });
});

describe('requiring two-factor sign-in of every admin', () => {
  it('needs the switching admin to have it, refuses admin logins without it, and keeps admins from turning theirs off', async () => {
    const settings = await getAdminSiteSettings(t.db);
    const bare = await makeUser(t, { rol: 'admin' });
    await expect(updateSiteSettings(t.db, { id: bare.id }, { ...settings, require_admin_2fa: true }, twoFactorEnabled)).rejects.toMatchObject({ code: 'TWO_FACTOR_ENABLE_OWN_FIRST' });

    const admin = await withTwoFactor({ rol: 'admin' });
    expect(await updateSiteSettings(t.db, { id: admin.id }, { ...settings, require_admin_2fa: true }, twoFactorEnabled)).toMatchObject({ require_admin_2fa: true });

    await expect(loginUser(t.db, { email: bare.email, password: bare.password, ip: ip(), kind: 'admin', locale: 'tr' })).rejects.toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
    // A wrong password still says only that.
    await expect(loginUser(t.db, { email: bare.email, password: 'wrong-password', ip: ip(), kind: 'admin', locale: 'tr' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // The plain login (no admin powers) still works, so the admin can set it up in the settings.
    expect(await loginUser(t.db, { email: bare.email, password: bare.password, ip: ip(), kind: 'user', locale: 'tr' })).toHaveProperty('token');
    expect(await loginUser(t.db, { email: admin.email, password: admin.password, ip: ip(), kind: 'admin', locale: 'tr' })).toHaveProperty('challenge');

    await expect(disableTwoFactor(t.db, { userId: admin.id, rol: 'admin', code: admin.recoveryCodes[0]!, currentPassword: admin.password })).rejects.toMatchObject({ code: 'TWO_FACTOR_ADMIN_REQUIRED' });
    // Customers are not concerned.
    const customer = await withTwoFactor();
    await disableTwoFactor(t.db, { userId: customer.id, rol: 'user', code: customer.recoveryCodes[0]!, currentPassword: customer.password });

    await t.db.update(siteSettings).set({ requireAdminTwoFactor: false }).where(eq(siteSettings.id, 1));
  });
});
