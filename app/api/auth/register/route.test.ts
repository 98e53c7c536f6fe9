import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { users } from '@/db/schema';
import { verifyPassword } from '@/lib/domain/credentials';
import { makeUser, peer, validRegistration } from '@/test/fixtures/accounts';
import { POST } from './route';

const t = setupTestDb({ asAppDb: true });

const countUsers = async () => (await t.db.select({ c: sql<number>`count(*)::int` }).from(users))[0]!.c;

describe('POST /api/auth/register', () => {
  it('creates a customer with an argon2id hash and a lower-cased e-mail, answering 201 with kullanici', async () => {
    const body = validRegistration({ email: '  Ayse.Yilmaz@Example.COM ' });
    const res = await call(POST, { body, headers: peer() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      kullanici: { ad_soyad: 'Ayşe Yılmaz', email: 'ayse.yilmaz@example.com', telefon: '+905321234567', meslek: 'Influencer', rol: 'user', aktif_paketler: [] },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret-password|argon2|password_hash|passwordHash/);
    const [row] = await t.db.select().from(users).where(sql`${users.email} = 'ayse.yilmaz@example.com'`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'secret-password')).toBe(true);
    expect(row!.rol).toBe('user');
  });

  it('answers 409 with a clear mesaj when the e-mail is taken, whatever its case', async () => {
    const existing = await makeUser(t, { email: 'taken@example.com' });
    const before = await countUsers();
    const res = await call(POST, { body: validRegistration({ email: 'TAKEN@example.com' }), headers: peer() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
    expect(res.body.mesaj).toMatch(/e-posta.*zaten/i);
    expect(await countUsers()).toBe(before);
    expect(existing.id).toBeGreaterThan(0);
  });

  it('refuses every missing field with that field’s own message and stores nothing', async () => {
    const before = await countUsers();
    const messages: Record<string, string> = {
      ad_soyad: 'Adınızı ve soyadınızı girin.',
      email: 'E-posta adresi zorunludur.',
      telefon: 'Telefon numaranızı girin.',
      meslek: 'Lütfen listeden bir meslek seçin.',
      sifre: 'Bir şifre girin.',
    };
    for (const [field, mesaj] of Object.entries(messages)) {
      const body = validRegistration();
      delete (body as Record<string, unknown>)[field];
      const res = await call(POST, { body, headers: peer() });
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', mesaj, errors: [{ path: field, mesaj }] });
      const blank = await call(POST, { body: validRegistration({ [field]: '   ' }), headers: peer() });
      expect(blank.status, `${field} blank`).toBe(400);
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses wrong types with a 400, never a 500', async () => {
    const before = await countUsers();
    for (const bad of [{ email: 42 }, { sifre: ['a', 'b'] }, { ad_soyad: null }, { telefon: { x: 1 } }, { meslek: true }]) {
      const res = await call(POST, { body: validRegistration(bad), headers: peer() });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof res.body.mesaj).toBe('string');
    }
    for (const raw of ['[]', '"text"', 'null', '42', '{"ad_soyad":']) {
      const res = await call(POST, { method: 'POST', rawBody: raw, headers: { ...peer(), 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await countUsers()).toBe(before);
  });

  it('checks the e-mail format, the phone number, the profession and the password length', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'Geçerli bir e-posta adresi girin.'],
      [{ telefon: '+90532' }, 'Geçerli bir telefon numarası girin.'],
      [{ telefon: 'abc' }, 'Geçerli bir telefon numarası girin.'],
      [{ meslek: 'Astronot' }, 'Lütfen listeden bir meslek seçin.'],
      [{ sifre: '12345' }, 'Şifre en az 6 karakter olmalıdır.'],
    ];
    for (const [bad, mesaj] of cases) {
      const res = await call(POST, { body: validRegistration(bad), headers: peer() });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.mesaj).toBe(mesaj);
    }
  });

  it('caps lengths: huge strings are refused with 400 and a body over 1 MB with 413', async () => {
    const before = await countUsers();
    for (const bad of [{ ad_soyad: 'x'.repeat(121) }, { email: `${'a'.repeat(250)}@example.com` }, { sifre: 'p'.repeat(201) }, { telefon: '1'.repeat(40) }]) {
      const res = await call(POST, { body: validRegistration(bad), headers: peer() });
      expect(res.status).toBe(400);
      expect(res.body.mesaj).toBe('Bu alan çok uzun.');
    }
    const huge = await call(POST, { body: validRegistration({ ad_soyad: 'y'.repeat(2 * 1024 * 1024) }), headers: peer() });
    expect(huge.status).toBe(413);
    expect(await countUsers()).toBe(before);
  });

  it('stores unicode and SQL-looking text verbatim', async () => {
    const name = "Robert'); DROP TABLE users;-- 🚀 Ğüşİöç";
    const res = await call(POST, { body: validRegistration({ ad_soyad: name, email: `o'brien+${Date.now()}@example.com` }), headers: peer() });
    expect(res.status).toBe(201);
    expect((res.body.kullanici as { ad_soyad: string }).ad_soyad).toBe(name);
    expect(await countUsers()).toBeGreaterThan(0);
  });

  it('limits registrations per IP with 429, Retry-After and a localized mesaj', async () => {
    const headers = { ...peer(), 'accept-language': 'de' };
    let last = { status: 0, body: {} as Record<string, unknown>, headers: new Headers() };
    for (let i = 0; i < 31; i++) last = await call(POST, { body: validRegistration(), headers });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(last.body.mesaj).toMatch(/Zu viele Versuche.*\d+ Sekunden/);
  });

  it('limits registrations per e-mail address across IPs', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(POST, { body: validRegistration({ email }), headers: peer() })).status);
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });

  it.skipIf(!onPostgres())('lets only one of two simultaneous registrations with one e-mail through', async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all(Array.from({ length: 4 }, () => call(POST, { body: validRegistration({ email }), headers: peer() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});
