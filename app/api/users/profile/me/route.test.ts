import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { mailOutbox, users } from '@/db/schema';
import { getAuthSecret, signToken, verifyPassword, verifyToken } from '@/lib/domain/credentials';
import { makeUser, userRow } from '@/test/fixtures/accounts';
import { GET as verify } from '@/app/api/auth/verify/route';
import { PUT } from './route';

const t = setupTestDb({ asAppDb: true });
beforeEach(async () => {
  await t.db.delete(mailOutbox);
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
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'Already@Example.com', currentPassword: u.password } });
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

/** A next-auth session cookie of another browser, as next-auth would set it after login. */
async function cookieOf(u: { id: number }, sid = 'another-device-login-1') {
  const row = await userRow(t, u.id);
  const value = await encode({ token: { uid: u.id, sv: row.sessionVersion, kind: 'user', sid }, secret: await getAuthSecret(t.db) });
  return { cookie: `next-auth.session-token=${value}` };
}
const verifyStatus = async (options: { token?: string; headers?: Record<string, string> }) => (await call(verify, options)).status;
const mails = () => t.db.select().from(mailOutbox);

describe('changing the e-mail address (issue 14)', () => {
  it('needs the current password: missing is 400 CURRENT_PASSWORD_REQUIRED, wrong is 400 CURRENT_PASSWORD_WRONG, and nothing changes', async () => {
    const { u, token } = await session();
    const missing = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'taken-over@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, code: 'CURRENT_PASSWORD_REQUIRED', mesaj: 'E-posta adresinizi veya şifrenizi değiştirmek için mevcut şifrenizi girin.' });
    const wrong = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'taken-over@example.com', currentPassword: 'guessed' }, headers: { 'accept-language': 'en' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', mesaj: 'Your current password is incorrect.' });
    const row = await userRow(t, u.id);
    expect(row.email).toBe(u.email);
    expect(row.sessionVersion).toBe(1);
    expect(await verifyStatus({ token })).toBe(200);
    expect(await mails()).toEqual([]);
  });

  it("with the right password: the account's other sessions end, the caller's new token works, and the old address gets a notice in the user's language", async () => {
    const { u, token } = await session();
    await t.db.update(users).set({ locale: 'de', adSoyad: 'Hans Müller' }).where(eq(users.id, u.id));
    const caller = (await verifyToken(t.db, token))!;
    const otherToken = await signToken(t.db, await userRow(t, u.id), 'user');
    const otherCookie = await cookieOf(u);
    expect(await verifyStatus({ token: otherToken })).toBe(200);
    expect(await verifyStatus({ headers: otherCookie })).toBe(200);

    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'Neue.Adresse@Example.com', currentPassword: u.password } });
    expect(res.status).toBe(200);
    expect(res.body.kullanici).toMatchObject({ email: 'neue.adresse@example.com' });
    const renewed = res.body.token as string;
    expect(typeof renewed).toBe('string');

    // Other devices: bearer token and cookie session are refused; so is the caller's old token.
    expect(await verifyStatus({ token: otherToken })).toBe(401);
    expect(await verifyStatus({ headers: otherCookie })).toBe(401);
    expect(await verifyStatus({ token })).toBe(401);
    // The caller goes on with the new token, of the same login.
    expect(await verifyToken(t.db, renewed)).toMatchObject({ id: u.id, email: 'neue.adresse@example.com', sid: caller.sid });
    const again = await call(PUT, { method: 'PUT', token: renewed, body: { ...base(u), ad_soyad: 'Hans M.', email: 'neue.adresse@example.com' } });
    expect(again.status).toBe(200);

    const sent = await mails();
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.to).toBe(u.email);
    expect(mail!.subject).toBe('Die E-Mail-Adresse Ihres Kontos wurde geändert');
    expect(mail!.text).toContain('Hallo Hans Müller,');
    expect(mail!.text).toContain('n***@example.com');
    expect(mail!.text).not.toContain('neue.adresse');
    expect(mail!.text).toMatch(/am \d{1,2}\. \p{L}+ \d{4}/u);
    expect(mail!.text).toContain('Kontaktformular');
    expect(mail!.html).toContain('<p>Hallo Hans Müller,</p>');
  });

  it('writes the notice in Turkish for a Turkish account', async () => {
    const { u, token } = await session();
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'yeni@example.org', currentPassword: u.password }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: u.email, subject: 'Hesabınızın e-posta adresi değiştirildi' });
    expect(mail!.text).toContain('y***@example.org');
    expect(mail!.text).toContain('Bu değişikliği siz yapmadıysanız');
  });

  it('needs no password, ends no session and sends no notice when the address is the same in other letters', async () => {
    const { u, token } = await session();
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: ` ${u.email.toUpperCase()} `, ad_soyad: 'Aynı Adres' } });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();
    expect(res.body.kullanici).toMatchObject({ ad_soyad: 'Aynı Adres', email: u.email });
    expect(await verifyStatus({ token })).toBe(200);
    expect(await mails()).toEqual([]);
  });

  it('does not check the password (nor count a guess) when nothing sensitive changes', async () => {
    const { u, token } = await session();
    for (let i = 0; i < 7; i++) {
      expect((await call(PUT, { method: 'PUT', token, body: { ...base(u), currentPassword: `ignored-${i}` } })).status).toBe(200);
    }
    expect((await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'moved@example.net', currentPassword: u.password } })).status).toBe(200);
  });
});

describe('guessing the current password in the settings', () => {
  it('is refused with 429 after 5 wrong guesses in 15 minutes, even with the right password', async () => {
    const { u, token } = await session();
    for (let i = 0; i < 5; i++) {
      const body = i % 2 ? { ...base(u), email: `steal${i}@example.com`, currentPassword: `guess-${i}` } : { ...base(u), currentPassword: `guess-${i}`, newPassword: 'attacker-pass' };
      const res = await call(PUT, { method: 'PUT', token, body });
      expect(res.status, `guess ${i}`).toBe(400);
      expect(res.body.code).toBe('CURRENT_PASSWORD_WRONG');
    }
    const res = await call(PUT, { method: 'PUT', token, body: { ...base(u), email: 'steal@example.com', currentPassword: u.password } });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.body.remainingSeconds).toBeGreaterThan(800);
    expect(Number(res.headers.get('retry-after'))).toBe(res.body.remainingSeconds);
    expect((await userRow(t, u.id)).email).toBe(u.email);
  });

  it('does not count a right password, and counts per account', async () => {
    const { u, token } = await session();
    const other = await session();
    for (let i = 0; i < 4; i++) await call(PUT, { method: 'PUT', token, body: { ...base(u), currentPassword: 'nope', newPassword: 'whatever-1' } });
    let current = token;
    for (let i = 0; i < 3; i++) {
      const pass = i === 0 ? u.password : `changed-pass-${i}`;
      const res = await call(PUT, { method: 'PUT', token: current, body: { ...base(u), currentPassword: pass, newPassword: `changed-pass-${i + 1}` } });
      expect(res.status).toBe(200);
      current = res.body.token as string;
    }
    for (let i = 0; i < 5; i++) {
      expect((await call(PUT, { method: 'PUT', token: other.token, body: { ...base(other.u), currentPassword: 'nope', newPassword: 'whatever-1' } })).status).toBe(400);
    }
  });
});

