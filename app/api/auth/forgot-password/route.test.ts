import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { mailOutbox, passwordResetTokens } from '@/db/schema';
import { startPasswordResetWorker } from '@/lib/domain/auth';
import { verifyPassword } from '@/lib/domain/credentials';
import { getQueue, PASSWORD_RESET_QUEUE, startQueue, stopQueue } from '@/lib/infra/queue';
import { makeUser, peer, userRow } from '@/test/fixtures/accounts';
import { POST as forgot } from './route';
import { GET as verifyResetToken } from '../verify-reset-token/[token]/route';
import { POST as reset } from '../reset-password/route';
import { POST as login } from '../login/route';

const t = setupTestDb({ asAppDb: true });
beforeAll(async () => {
  await startQueue(t, { monitorIntervalSeconds: 1 });
});
afterAll(async () => {
  await stopQueue({ graceful: false, timeoutMs: 2000 });
});

/** The reset jobs of this test database, oldest first. */
const resetJobs = async () => (await getQueue()).findJobs<{ email: string; locale: string }>(PASSWORD_RESET_QUEUE);

let working = false;
/** Lets this node's reset worker run (as a worker node does) and waits until every queued request is done. */
async function settle() {
  if (!working) await startPasswordResetWorker(t.db, { pollingIntervalSeconds: 0.5 });
  working = true;
  const deadline = Date.now() + 20_000;
  while ((await resetJobs()).some((j) => j.state !== 'completed')) {
    if (Date.now() > deadline) throw new Error(`reset jobs did not finish: ${JSON.stringify((await resetJobs()).map((j) => j.state))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});

/** The token from the link in the latest queued mail to this address. */
async function tokenFromMail(to: string): Promise<{ token: string; link: string; subject: string; text: string }> {
  await settle();
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  expect(mail).toBeDefined();
  const link = /https?:\/\/\S+reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link).not.toBeNull();
  return { token: link![1]!, link: link![0], subject: mail!.subject, text: mail!.text };
}

const verifyStatus = async (token: string) => (await call(verifyResetToken, { params: { token } })).status;

describe('password reset', () => {
  it('answers the same for a known and an unknown e-mail at once, doing the same work for both; only the known one is mailed, later', async () => {
    const u = await makeUser(t, { adSoyad: 'Zeynep' });
    const known = await call(forgot, { body: { email: u.email.toUpperCase() }, headers: peer() });
    const unknown = await call(forgot, { body: { email: 'nobody-here@example.com' }, headers: peer() });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers.get('retry-after')).toBe(unknown.headers.get('retry-after'));
    expect(known.body).toMatchObject({ success: true, mesaj: expect.stringContaining('1 saat') });
    // The request path made no token and queued no mail for either (no worker ran yet): it only
    // enqueued one job each, alike but for the address.
    expect(await t.db.select().from(passwordResetTokens)).toEqual([]);
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    const jobs = await resetJobs();
    expect(jobs.map((j) => [j.state, j.data])).toEqual([
      ['created', { email: u.email, locale: 'tr' }],
      ['created', { email: 'nobody-here@example.com', locale: 'tr' }],
    ]);

    await settle();
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to)).toEqual([u.email]);
    const { subject, text, link } = await tokenFromMail(u.email);
    expect(subject).toBe('Şifre sıfırlama bağlantınız');
    expect(text).toContain('Merhaba Zeynep');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=/);
    // Only a hash is stored.
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(row!.tokenHash).not.toContain((await tokenFromMail(u.email)).token);
  });

  it('writes the mail and the link in the language of the request', async () => {
    const u = await makeUser(t, { adSoyad: 'Hans' });
    await call(forgot, { body: { email: u.email }, headers: { ...peer(), 'accept-language': 'de-DE' } });
    const { subject, text, link } = await tokenFromMail(u.email);
    expect(subject).toBe('Ihr Link zum Zurücksetzen des Passworts');
    expect(text).toContain('Hallo Hans');
    expect(link).toMatch(/\/de\/reset-password\?token=/);
  });

  it('resets the password with a valid token once; the old password stops working', async () => {
    const u = await makeUser(t);
    await call(forgot, { body: { email: u.email }, headers: peer() });
    const { token } = await tokenFromMail(u.email);
    const v = await call(verifyResetToken, { params: { token } });
    expect(v.body).toEqual({ success: true, email: u.email });
    const res = await call(reset, { body: { token, newPassword: 'my-new-password' }, headers: peer() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, mesaj: expect.any(String) });
    expect(await verifyPassword((await userRow(t, u.id)).passwordHash, 'my-new-password')).toBe(true);
    expect((await call(login, { body: { email: u.email, password: u.password }, headers: peer() })).status).toBe(401);
    expect((await call(login, { body: { email: u.email, password: 'my-new-password' }, headers: peer() })).status).toBe(200);
    // Single use.
    expect(await verifyStatus(token)).toBe(400);
    const again = await call(reset, { body: { token, newPassword: 'another-one' }, headers: peer() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_RESET_TOKEN', mesaj: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.' });
  });

  it('supersedes an older token by a newer one', async () => {
    const u = await makeUser(t);
    await call(forgot, { body: { email: u.email }, headers: peer() });
    const first = (await tokenFromMail(u.email)).token;
    await call(forgot, { body: { email: u.email }, headers: peer() });
    const second = (await tokenFromMail(u.email)).token;
    expect(second).not.toBe(first);
    expect(await verifyStatus(first)).toBe(400);
    expect(await verifyStatus(second)).toBe(200);
  });

  it('refuses an expired token', async () => {
    const u = await makeUser(t);
    await call(forgot, { body: { email: u.email }, headers: peer() });
    const { token } = await tokenFromMail(u.email);
    await t.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResetTokens.userId, u.id));
    expect(await verifyStatus(token)).toBe(400);
    expect((await call(reset, { body: { token, newPassword: 'whatever1' }, headers: peer() })).status).toBe(400);
    expect(await verifyPassword((await userRow(t, u.id)).passwordHash, u.password)).toBe(true);
  });

  it('refuses forged, malformed and SQL-looking tokens with 400, never 500', async () => {
    for (const token of ['A'.repeat(43), 'short', "' OR 1=1 --", '../../etc/passwd', 'ü'.repeat(50), 'x'.repeat(5000)]) {
      const v = await call(verifyResetToken, { params: { token } });
      expect(v.status, token.slice(0, 10)).toBe(400);
      expect(typeof v.body.mesaj).toBe('string');
      const r = await call(reset, { body: { token, newPassword: 'abcdefg' }, headers: peer() });
      expect(r.status).toBe(400);
    }
  });

  it('gives the §5 message for each missing or bad reset field', async () => {
    const cases: [unknown, string][] = [
      [{ newPassword: 'abcdefg' }, 'Geçersiz veya eksik sıfırlama bağlantısı.'],
      [{ token: '', newPassword: 'abcdefg' }, 'Geçersiz veya eksik sıfırlama bağlantısı.'],
      [{ token: 'A'.repeat(43) }, 'Yeni şifre zorunludur.'],
      [{ token: 'A'.repeat(43), newPassword: '' }, 'Yeni şifre zorunludur.'],
      [{ token: 'A'.repeat(43), newPassword: '12345' }, 'Şifre en az 6 karakter olmalıdır.'],
      [{ token: 123, newPassword: 456 }, 'Geçersiz veya eksik sıfırlama bağlantısı.'],
    ];
    for (const [body, mesaj] of cases) {
      const res = await call(reset, { body, headers: peer() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.mesaj).toBe(mesaj);
    }
  });

  it('requires a valid e-mail to request a reset (email_required)', async () => {
    const missing = await call(forgot, { body: {}, headers: peer() });
    expect(missing.status).toBe(400);
    expect(missing.body.mesaj).toBe('E-posta adresi zorunludur.');
    expect((await call(forgot, { body: { email: 'nope' }, headers: peer() })).status).toBe(400);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('sends nothing to a deactivated account, with the same answer', async () => {
    const u = await makeUser(t, { aktif: false });
    const res = await call(forgot, { body: { email: u.email }, headers: peer() });
    expect(res.status).toBe(200);
    await settle();
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('limits reset requests per address to 3 an hour, known or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(forgot, { body: { email: 'spam-target@example.com' }, headers: peer() })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits reset requests per IP', async () => {
    const headers = peer();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(forgot, { body: { email: `ip-${i}@example.com` }, headers })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it.skipIf(!onPostgres())('lets only one of two simultaneous resets with one token through', async () => {
    const u = await makeUser(t);
    await call(forgot, { body: { email: u.email }, headers: peer() });
    const { token } = await tokenFromMail(u.email);
    const results = await Promise.all([
      call(reset, { body: { token, newPassword: 'first-racer' }, headers: peer() }),
      call(reset, { body: { token, newPassword: 'second-racer' }, headers: peer() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
