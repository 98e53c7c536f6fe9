import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys, mailOutbox, notificationPreferences, notifications, passwordResetTokens, users } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { makeUser } from '@/test/fixtures/accounts';
import { signToken } from '@/lib/domain/credentials';
import { resetPassword } from '@/lib/domain/auth';
import { hashResetToken, newResetToken } from '@/lib/domain/auth/reset-tokens';
import { updateProfile } from '@/lib/domain/users';
import { enableTwoFactor, setupTwoFactor } from '@/lib/domain/two-factor';
import { totpCode } from '@/lib/domain/two-factor/totp';
import { listNotifications } from '@/lib/domain/notifications';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';
import * as keysRoute from '@/app/api/api-keys/route';
import * as logoutAll from '@/app/api/auth/logout-all/route';
import { authenticateApiKeyRequest, createApiKey } from '.';

/**
 * Issue #33 item 9: which account events end the account's API keys (docs/accounts.md "API keys
 * and account events") and the notice when a key is made.
 */
const t = setupTestDb({ asAppDb: true });

const works = async (key: string) => (await authenticateApiKeyRequest(t.db, key)) !== null;
const working = async (userId: number) => t.db.select().from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));

async function withKeys(count = 2) {
  const u = await makeUser(t);
  const keys = [];
  for (let i = 0; i < count; i++) keys.push(await makeApiKey(t.db, u.id, `key ${i}`));
  for (const k of keys) expect(await works(k.key)).toBe(true);
  return { u, keys };
}

describe('account events and API keys', () => {
  it('a password reset ends every key of the account, in its transaction; another account’s keys stay', async () => {
    const { u, keys } = await withKeys();
    const other = await withKeys(1);
    const token = newResetToken();
    await t.db.insert(passwordResetTokens).values({ userId: u.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + 60_000) });
    await resetPassword(t.db, { token, newPassword: 'a-new-password', ip: '10.2.0.1' });
    for (const k of keys) expect(await works(k.key)).toBe(false);
    expect(await working(u.id)).toEqual([]);
    // Over the API, an ended key is answered like any wrong key.
    const answer = await callV2({ key: keys[0]!.key, action: 'balance' }, { headers: { 'accept-language': 'en' } });
    expect(answer.body).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(await works(other.keys[0]!.key)).toBe(true);
  });

  it('a refused reset (a used token) ends nothing', async () => {
    const { u, keys } = await withKeys(1);
    const token = newResetToken();
    await t.db.insert(passwordResetTokens).values({ userId: u.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + 60_000), usedAt: new Date() });
    await expect(resetPassword(t.db, { token, newPassword: 'a-new-password', ip: '10.2.0.2' })).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect(await works(keys[0]!.key)).toBe(true);
  });

  it('"log out everywhere" ends every key with the sessions', async () => {
    const { u, keys } = await withKeys();
    const token = await signToken(t.db, u, 'user');
    const res = await call(logoutAll.POST, { token, body: {} });
    expect(res.status).toBe(200);
    for (const k of keys) expect(await works(k.key)).toBe(false);
    expect((await call(keysRoute.GET, { token })).status).toBe(401);
  });

  it('a plain password change keeps the keys (the sessions end)', async () => {
    const { u, keys } = await withKeys();
    const result = await updateProfile(
      t.db,
      { id: u.id, kind: 'user' },
      { ad_soyad: u.adSoyad, email: u.email, telefon: u.telefon ?? '', meslek: u.meslek ?? 'Diğer', currentPassword: u.password, newPassword: 'changed-password' } as never,
    );
    expect(result.token).toBeDefined();
    const [row] = await t.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, u.id));
    expect(row!.sv).toBe(u.sessionVersion + 1);
    for (const k of keys) expect(await works(k.key)).toBe(true);
  });

  it('turning on two-factor sign-in keeps the keys', async () => {
    const { u, keys } = await withKeys();
    const { secret } = await setupTwoFactor(t.db, u);
    await enableTwoFactor(t.db, { userId: u.id, code: totpCode(secret, Date.now()), currentPassword: u.password });
    for (const k of keys) expect(await works(k.key)).toBe(true);
  });
});

describe('the notice of a new key', () => {
  it('tells the owner in the app and by mail, in their language: name, prefix, time, address and the way to revoke it', async () => {
    const u = await makeUser(t, { adSoyad: 'Key Owner' });
    await t.db.update(users).set({ locale: 'de' }).where(eq(users.id, u.id));
    const token = await signToken(t.db, u, 'user');
    const res = await call(keysRoute.POST, { token, body: { name: 'Shop sync', currentPassword: u.password }, headers: { 'x-etk-peer': '198.51.100.23' } });
    expect(res.status).toBe(201);
    const prefix = (res.body.api_key as { prefix: string }).prefix;

    const { notifications: list } = await listNotifications(t.db, u.id, 'en');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'api_key_created', link: '/panel/settings#api-keys', title: 'A new API key was created' });
    expect(list[0]!.body).toContain('"Shop sync"');
    expect(list[0]!.body).toContain(prefix);
    expect(list[0]!.body).toContain('198.51.100.23');

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Ein neuer API-Schlüssel wurde erstellt');
    expect(mail.text).toContain('Hallo Key Owner');
    expect(mail.text).toContain('„Shop sync“');
    expect(mail.text).toContain(prefix);
    expect(mail.text).toContain('198.51.100.23');
    expect(mail.text).toMatch(/\/de\/panel\/settings#api-keys/);
    // The time, in words of the owner's language and the site's time zone (not an ISO stamp).
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(mail.text).toMatch(/\d{2}:\d{2}/);
    // Never the key itself.
    expect(mail.text).not.toContain(res.body.key as string);
    expect(JSON.stringify(list)).not.toContain(res.body.key as string);
  });

  it('is sent even when the owner turned every notification off', async () => {
    const u = await makeUser(t);
    const off = { inApp: false, email: false };
    await t.db.insert(notificationPreferences).values({
      userId: u.id,
      channels: { order_failed: off, order_ended: off, package_expiring: off, package_expired: off, balance_low: off, payment_receipt: off, ticket_answered: off, announcement: off },
    });
    await createApiKey(t.db, { userId: u.id, name: 'quiet', currentPassword: u.password, ip: '203.0.113.8' });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, u.id))).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Yeni bir API anahtarı oluşturuldu');
    expect(mails[0]!.text).not.toContain('unsubscribe');
  });

  it('says so when the address is unknown, and a refused creation tells nothing', async () => {
    const u = await makeUser(t);
    await createApiKey(t.db, { userId: u.id, name: 'no address', currentPassword: u.password });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(mail!.text).toContain('bilinmeyen bir adresten');

    const v = await makeUser(t);
    await expect(createApiKey(t.db, { userId: v.id, name: 'x', currentPassword: 'wrong', ip: '203.0.113.9' })).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, v.email))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, v.id))).toEqual([]);
  });
});


