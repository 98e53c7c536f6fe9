import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { contactMessages, mailOutbox, rateLimitBuckets } from '@/db/schema';
import { POST } from './route';

const t = setupTestDb({ asAppDb: true });

const send = (body: unknown, ip = '10.0.0.1', locale = 'en') =>
  call(POST, { path: '/api/contact', body, headers: { 'x-etk-peer': ip, 'x-locale': locale } });

describe('POST /api/contact', () => {
  it('stores the message and mails it to the admin address', async () => {
    const res = await send({ name: 'Ada', email: 'Ada@Example.com', subject: 'support', message: 'How do packages work?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, mesaj: 'Your message has been sent!' });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'Ada@Example.com'));
    expect(row).toMatchObject({ name: 'Ada', subject: 'support', message: 'How do packages work?', ip: '10.0.0.1', locale: 'en' });
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'admin@example.com' });
    expect(mails[0]!.subject).toContain('Destek');
    expect(mails[0]!.text).toContain('How do packages work?');
    // The writer's language by its name, not its code (issue #32).
    expect(mails[0]!.text).toContain('Dil: English');
  });

  it('refuses a second message from the same e-mail within 60 s with 429 and the seconds left', async () => {
    const res = await send({ name: 'Ada', email: 'ada@example.com', subject: '', message: 'Again' }, '10.0.0.2', 'de');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, code: 'CONTACT_COOLDOWN' });
    expect(Number(res.body.seconds)).toBeGreaterThan(50);
    expect(Number(res.body.seconds)).toBeLessThanOrEqual(60);
    expect(res.body.mesaj).toMatch(/Bitte warten Sie \d+ Sekunden/);
    expect(res.headers.get('retry-after')).toBe(String(res.body.seconds));
    expect(await t.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('refuses a second message from the same IP with another e-mail, without blocking that e-mail afterwards', async () => {
    const res = await send({ name: 'Bob', email: 'bob@example.com', message: 'Hi' }, '10.0.0.1');
    expect(res.status).toBe(429);
    // The refused e-mail is not put on hold: from another address it goes through.
    const other = await send({ name: 'Bob', email: 'bob@example.com', message: 'Hi' }, '10.0.0.3');
    expect(other.status).toBe(200);
  });

  it('accepts again once the cooldown has passed', async () => {
    await t.db.update(rateLimitBuckets).set({ resetAt: new Date(Date.now() - 1000) });
    const res = await send({ name: 'Ada', email: 'ada@example.com', message: 'Later' });
    expect(res.status).toBe(200);
  });

  it('explains missing or malformed fields in the request language and stores nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await send({ name: ' ', email: 'not-an-email', subject: 'spam', message: '' }, '10.0.0.9', 'tr');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', mesaj: 'Lütfen adınızı yazın.' });
    const paths = (res.body.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'subject', 'message']));
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
    const huge = await send({ name: 'x', email: 'x@example.com', message: 'y'.repeat(6000) }, '10.0.0.10');
    expect(huge.status).toBe(400);
  });
});
