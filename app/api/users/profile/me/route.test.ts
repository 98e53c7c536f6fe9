import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, installAsAppDb, type TestDb } from '@/test/db';
import { call } from '@/test/http';
import { signToken, verifyPassword } from '@/lib/auth';
import { makeUser, userRow } from '@/app/api/auth/_test/helpers';
import { PUT } from './route';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  installAsAppDb(t);
});
afterAll(async () => {
  await t.close();
});

async function session(values: Parameters<typeof makeUser>[1] = {}) {
  const u = await makeUser(t, values);
  return { u, token: await signToken(t.db, u, 'user') };
}
const base = (u: { email: string }) => ({ ad_soyad: 'Ad Soyad', email: u.email, telefon: '+905321234567', meslek: 'Diğer' });

describe('PUT /api/users/profile/me', () => {
  it('updates the personal information; a blank new password changes nothing and keeps the session', async () => {
    const { u, token } = await session();
    const res = await call(PUT, {
      method: 'PUT',
      token,
      body: { ad_soyad: 'Mehmet Öz', email: u.email.toUpperCase(), telefon: '+4915112345678', meslek: 'İşletme Sahibi', currentPassword: '', newPassword: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, kullanici: { ad_soyad: 'Mehmet Öz', email: u.email, telefon: '+4915112345678', meslek: 'İşletme Sahibi' } });
    expect(res.body.token).toBeUndefined();
    const row = await userRow(t, u.id);
    expect(row.sessionVersion).toBe(1);
    expect(await verifyPassword(row.passwordHash, u.password)).toBe(true);
  });

  it('needs the current password for a new one, and a wrong one is a 400 (not a 401)', async () => {
    const { u, token } = await session();
    const missing = await call(PUT, { method: 'PUT', token, body: { ...base(u), newPassword: 'another-pass' } });
    expect(missing.status).toBe(400);
    expect(missing.body.mesaj).toBe('Yeni şifre için mevcut şifrenizi girin.');
    const wrong = await call(PUT, { method: 'PUT', token, body: { ...base(u), currentPassword: 'not-it', newPassword: 'another-pass' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', mesaj: 'Mevcut şifreniz hatalı.' });
    expect(await verifyPassword((await userRow(t, u.id)).passwordHash, u.password)).toBe(true);
  });

  it('changes the password with the current one, bumps the session version and answers a new token', async () => {
    const { u, token } = await session();
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), currentPassword: u.password, newPassword: 'shiny-new-pass' } });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const row = await userRow(t, u.id);
    expect(row.sessionVersion).toBe(2);
    expect(await verifyPassword(row.passwordHash, 'shiny-new-pass')).toBe(true);
  });

  it('refuses a new password under 6 characters', async () => {
    const { u, token } = await session();
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), currentPassword: u.password, newPassword: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.mesaj).toBe('Şifre en az 6 karakter olmalıdır.');
  });

  it('answers 409 for an e-mail another account uses', async () => {
    const other = await makeUser(t, { email: 'already@example.com' });
    const { u, token } = await session();
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'Already@Example.com' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect((await userRow(t, u.id)).email).toBe(u.email);
    expect(other.id).toBeGreaterThan(0);
  });

  it('validates name, e-mail, phone and profession and stores nothing on bad input', async () => {
    const { u, token } = await session();
    const cases: [Record<string, unknown>, string][] = [
      [{ ad_soyad: '' }, 'Ad soyad ve e-posta zorunludur.'],
      [{ email: undefined }, 'Ad soyad ve e-posta zorunludur.'],
      [{ email: 'broken' }, 'Geçerli bir e-posta adresi girin.'],
      [{ telefon: '12' }, 'Geçerli bir telefon numarası girin.'],
      [{ meslek: 'Pilot' }, 'Lütfen listeden bir meslek seçin.'],
      [{ ad_soyad: 'z'.repeat(500) }, 'Bu alan çok uzun.'],
      [{ ad_soyad: 12 }, 'Ad soyad ve e-posta zorunludur.'],
    ];
    for (const [bad, mesaj] of cases) {
      const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.mesaj).toBe(mesaj);
    }
    expect((await userRow(t, u.id)).adSoyad).toBe('Test Kullanıcı');
  });

  it('allows an empty phone and profession (accounts made by an admin may lack them)', async () => {
    const { u, token } = await session();
    const res = await call(PUT, { method: 'PUT', token, body: { ad_soyad: 'Kısa', email: u.email } });
    expect(res.status).toBe(200);
    expect(res.body.kullanici).toMatchObject({ telefon: '', meslek: '' });
  });

  it('needs a session', async () => {
    const res = await call(PUT, { method: 'PUT', body: { ad_soyad: 'X', email: 'x@example.com' } });
    expect(res.status).toBe(401);
  });
});
