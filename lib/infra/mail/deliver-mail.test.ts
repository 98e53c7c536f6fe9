import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { startTestSmtp, type TestSmtp } from '@/test/smtp';
import { mailOutbox } from '@/db/schema';
import { deliverQueuedMail, queueMail, startMailDelivery } from './index';

const t = setupTestDb();
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await t.db.delete(mailOutbox);
  smtp.messages.length = 0;
});

describe('the mail outbox', () => {
  it('queues a mail as a row with status queued', async () => {
    const { id } = await queueMail(t.db, { to: 'a@example.com', subject: 'Merhaba', text: 'Gövde' });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: 'a@example.com', subject: 'Merhaba', text: 'Gövde', status: 'queued', attempts: 0 });
  });

  it('sends queued mail through SMTP and marks it sent', async () => {
    const { id } = await queueMail(t.db, { to: 'b@example.com', subject: 'Şifre sıfırlama', text: 'Bağlantı: https://x.test/reset?token=abc', html: '<p>hi</p>' });
    const result = await deliverQueuedMail(t.db, { smtpUrl: smtp.url, from: 'Test <no-reply@example.com>' });
    expect(result).toEqual({ sent: 1, logged: 0, retried: 0, failed: 0 });
    const mail = await smtp.waitForMail((m) => m.to.includes('b@example.com'));
    expect(mail.subject).toBe('Şifre sıfırlama');
    expect(mail.text).toContain('https://x.test/reset?token=abc');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe('sent');
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Sent mail is not sent again.
    expect(await deliverQueuedMail(t.db, { smtpUrl: smtp.url })).toEqual({ sent: 0, logged: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('marks mail logged when no SMTP server is configured', async () => {
    const { id } = await queueMail(t.db, { to: 'c@example.com', subject: 's', text: 't' });
    expect(await deliverQueuedMail(t.db, { smtpUrl: undefined })).toMatchObject({ logged: 1 });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe('logged');
  });

  it('retries a refused mail later with back-off and gives up after the last attempt', async () => {
    const { id } = await queueMail(t.db, { to: 'd@example.com', subject: 's', text: 't' });
    smtp.refuseNext(10);
    expect(await deliverQueuedMail(t.db, { smtpUrl: smtp.url, maxAttempts: 2, retryBaseSeconds: 60 })).toMatchObject({ retried: 1 });
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toContain('try again later');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing is tried.
    expect(await deliverQueuedMail(t.db, { smtpUrl: smtp.url, maxAttempts: 2 })).toEqual({ sent: 0, logged: 0, retried: 0, failed: 0 });
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, id));
    expect(await deliverQueuedMail(t.db, { smtpUrl: smtp.url, maxAttempts: 2 })).toMatchObject({ failed: 1 });
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    smtp.refuseNext(0);
  });

  it('sends a mail shortly after it is queued when the delivery loop runs', async () => {
    const loop = startMailDelivery(t.db, { smtpUrl: smtp.url, periodic: false });
    try {
      await new Promise((r) => setTimeout(r, 100));
      await queueMail(t.db, { to: 'e@example.com', subject: 'prompt', text: 'soon' });
      const mail = await smtp.waitForMail((m) => m.to.includes('e@example.com'), 5000);
      expect(mail.subject).toBe('prompt');
    } finally {
      await loop.stop();
    }
  });

  it.skipIf(!onPostgres())('never sends one mail twice when several processes deliver at once', async () => {
    await t.db.insert(mailOutbox).values(Array.from({ length: 30 }, (_, i) => ({ to: `p${i}@example.com`, subject: 's', text: 't' })));
    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverQueuedMail(t.db, { smtpUrl: smtp.url, batch: 10 })));
    const again = await deliverQueuedMail(t.db, { smtpUrl: smtp.url, batch: 50 });
    expect(runs.reduce((n, r) => n + r.sent, 0) + again.sent).toBe(30);
    expect(smtp.messages).toHaveLength(30);
    expect(new Set(smtp.messages.map((m) => m.to[0])).size).toBe(30);
  });
});
