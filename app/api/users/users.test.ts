import { describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import { onPostgres } from '@/test/fixtures/db';
import { auditLog, orders, userPackages, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { updateUser } from '@/lib/domain/admin-users';
import * as list from './route';
import * as byId from './[id]/route';
import * as withPackages from './with-packages/route';
import * as assign from '../kullanici-paketleri/route';

const f = setupAdmin();

const create = (body: unknown, lang = 'tr') => call(list.POST, { body, token: f.adminToken, headers: { 'accept-language': lang } });

describe('POST /api/users', () => {
  it('refuses a missing name, e-mail or password with the exact §5 message', async () => {
    for (const body of [{ email: 'a@example.com', sifre: 'secret1' }, { ad: 'A', sifre: 'secret1' }, { ad: 'A', email: 'a@example.com' }]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.mesaj).toBe('Ad, email ve şifre zorunludur.');
    }
  });

  it('refuses a confirmation that does not match and a short password, localized', async () => {
    expect((await create({ ad: 'A', email: 'a@example.com', sifre: 'secret1', sifre_tekrar: 'secret2' })).body.mesaj).toBe('Şifreler eşleşmiyor.');
    expect((await create({ ad: 'A', email: 'a@example.com', sifre: '12345' })).body.mesaj).toBe('Şifre en az 6 karakter olmalıdır.');
    expect((await create({ ad: 'A', email: 'a@example.com', sifre: '12345' }, 'en')).body.mesaj).toBe('The password must be at least 6 characters.');
    expect((await create({ email: 'a@example.com' }, 'de')).body.mesaj).toBe('Name, E-Mail und Passwort sind erforderlich.');
  });

  it('creates a user with a hashed password and returns kullanici without secrets', async () => {
    const res = await create({ ad: 'Ayşe Yılmaz', ad_soyad: 'Ayşe Yılmaz', email: 'Ayse@Example.com', telefon: '+905551112233', meslek: 'Influencer', sifre: 'secret1', rol: 'user' });
    expect(res.status).toBe(201);
    expect(res.body.kullanici).toMatchObject({ ad: 'Ayşe Yılmaz', ad_soyad: 'Ayşe Yılmaz', email: 'ayse@example.com', rol: 'user', meslek: 'Influencer' });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|argon/i);
    const [row] = await f.t.db.select().from(users).where(eq(users.email, 'ayse@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2/);
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const res = await create({ ad: 'B', email: 'AYSE@example.com', sifre: 'secret1' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', mesaj: 'Bu e-posta adresi zaten kayıtlı.' });
  });
});

describe('GET /api/users and /api/users/with-packages', () => {
  it('lists users with their running subscriptions as aktif_paketler', async () => {
    const pkg = await f.makePackage({ ad: 'Pro' });
    await call(assign.POST, { token: f.adminToken, body: { kullanici_id: f.userId, paket_id: pkg, platform: 'twitter,youtube' } });
    const res = await call(withPackages.GET, { token: f.adminToken });
    const me = (res.body.users as { id: number; aktif_paketler: { platform: string; paket_adi: string; bitis_tarihi: string }[] }[]).find((u) => u.id === f.userId)!;
    expect(me.aktif_paketler.map((p) => [p.platform, p.paket_adi])).toEqual([
      ['twitter', 'Pro'],
      ['youtube', 'Pro'],
    ]);
    const plain = await call(list.GET, { token: f.adminToken });
    expect((plain.body.users as { id: number }[]).some((u) => u.id === f.userId)).toBe(true);
    expect(res.body.toplam).toBeUndefined(); // without search parameters: every user, as §7 says
  });

  it('searches name, e-mail and phone case-insensitively, pages newest first and counts the matches', async () => {
    type Row = { id: number; ad: string; email: string; aktif_paketler: unknown[] };
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await create({ ad: `Arama Kişi ${i}`, email: `arama-${i}@search.example`, sifre: 'secret1', telefon: `+90555000111${i}` });
      made.push((res.body.kullanici as { id: number }).id);
    }
    await create({ ad: 'Yüzde%Alt_Çizgi', email: 'literal@search.example', sifre: 'secret1' });
    const page = async (query: string) => {
      const res = await call(withPackages.GET, { token: f.adminToken, path: `/api/users/with-packages?${query}` });
      expect(res.status, query).toBe(200);
      return { users: res.body.users as Row[], total: res.body.toplam as number };
    };
    const first = await page('q=ARAMA%20ki&limit=2');
    expect(first.total).toBe(5);
    expect(first.users.map((u) => u.id)).toEqual([made[4], made[3]]);
    expect(first.users[0]).toHaveProperty('aktif_paketler');
    expect((await page('q=arama&limit=2&offset=4')).users.map((u) => u.id)).toEqual([made[0]]);
    expect((await page('q=SEARCH.EXAMPLE')).total).toBe(6);
    expect((await page('q=5550001113')).users.map((u) => u.id)).toEqual([made[3]]);
    // % and _ are searched as themselves, not as wildcards.
    expect((await page('q=%25alt_')).users.map((u) => u.ad)).toEqual(['Yüzde%Alt_Çizgi']);
    expect((await page('q=%25%25')).total).toBe(0);
    expect((await page('q=nobody-by-this-name')).users).toEqual([]);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', `q=${'x'.repeat(101)}`]) {
      const res = await call(withPackages.GET, { token: f.adminToken, path: `/api/users/with-packages?${bad}` });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, mesaj: expect.any(String) });
    }
  });

  it('sorts by balance, name or sign-up date and filters by role, account state and running package, on the server', async () => {
    type Row = { id: number; ad: string; bakiye_cents: number; aktif_paketler: unknown[] };
    const tag = 'sirala-filtre';
    const rich = await f.makeUser({ adSoyad: `${tag} Cem`, email: `cem@${tag}.example`, bakiyeCents: 90_000 });
    const poor = await f.makeUser({ adSoyad: `${tag} Ada`, email: `ada@${tag}.example`, bakiyeCents: 500 });
    const mid = await f.makeUser({ adSoyad: `${tag} Bora`, email: `bora@${tag}.example`, bakiyeCents: 4_200, aktif: false });
    const boss = await f.makeUser({ adSoyad: `${tag} Deniz`, email: `deniz@${tag}.example`, bakiyeCents: 0, rol: 'admin' });
    const pkg = await f.makePackage({ ad: `${tag} paket` });
    await call(assign.POST, { token: f.adminToken, body: { kullanici_id: poor.id, paket_id: pkg, platform: 'instagram' } });
    const page = async (query: string) => {
      const res = await call(withPackages.GET, { token: f.adminToken, path: `/api/users/with-packages?q=${tag}&${query}` });
      expect(res.status, query).toBe(200);
      return { ids: (res.body.users as Row[]).map((u) => u.id), users: res.body.users as Row[], total: res.body.toplam as number };
    };
    expect((await page('sort=balance&dir=desc')).ids).toEqual([rich.id, mid.id, poor.id, boss.id]);
    expect((await page('sort=balance&dir=asc')).users.map((u) => u.bakiye_cents)).toEqual([0, 500, 4_200, 90_000]);
    expect((await page('sort=name&dir=asc')).ids).toEqual([poor.id, mid.id, rich.id, boss.id]);
    expect((await page('sort=created&dir=asc')).ids).toEqual([rich.id, poor.id, mid.id, boss.id]);
    expect((await page('')).ids).toEqual([boss.id, mid.id, poor.id, rich.id]); // newest sign-up first
    expect((await page('sort=balance&dir=desc&limit=2&offset=1')).ids).toEqual([mid.id, poor.id]);
    expect((await page('rol=admin')).ids).toEqual([boss.id]);
    expect((await page('durum=pasif')).ids).toEqual([mid.id]);
    expect((await page('durum=aktif&sort=balance')).total).toBe(3);
    expect((await page('paket=var')).users.map((u) => [u.id, u.aktif_paketler.length])).toEqual([[poor.id, 1]]);
    expect((await page('paket=yok&rol=user&sort=name&dir=asc')).ids).toEqual([mid.id, rich.id]);
    for (const bad of ['sort=bakiye', 'dir=up', 'rol=root', 'durum=yes', 'paket=1']) {
      const res = await call(withPackages.GET, { token: f.adminToken, path: `/api/users/with-packages?${bad}` });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('PUT /api/users/{id}', () => {
  it('requires name and e-mail', async () => {
    const res = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(f.userId) }, body: { ad: '', email: '' } });
    expect(res.body.mesaj).toBe('Ad ve email zorunludur.');
  });

  it('changes the role and revokes the user’s sessions at once', async () => {
    const target = await f.makeUser();
    const res = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(target.id) }, body: { ad: 'Yeni Admin', email: 'new-admin@example.com', rol: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.kullanici).toMatchObject({ rol: 'admin', ad: 'Yeni Admin' });
    expect((await call(withPackages.GET, { token: target.token })).status).toBe(401);
    const [row] = await f.t.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.sessionVersion).toBe(2);
    const fresh = await signToken(f.t.db, row!, 'admin');
    expect((await call(withPackages.GET, { token: fresh })).status).toBe(200);
  });

  it('deactivation also ends the sessions; a plain edit does not', async () => {
    const target = await f.makeUser();
    await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(target.id) }, body: { ad: 'Same', email: `same-${target.id}@example.com` } });
    expect((await call(assign.POST, { token: target.token, body: {} })).status).toBe(403);
    await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(target.id) }, body: { ad: 'Same', email: `same-${target.id}@example.com`, aktif: false } });
    expect((await call(assign.POST, { token: target.token, body: {} })).status).toBe(401);
  });

  it('refuses an admin demoting or deactivating themselves', async () => {
    const demote = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(f.adminId) }, body: { ad: 'Admin', email: 'admin@example.com', rol: 'user' } });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('CANNOT_DEMOTE_SELF');
    const off = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(f.adminId) }, body: { ad: 'Admin', email: 'admin@example.com', aktif: false } });
    expect(off.body.code).toBe('CANNOT_DEACTIVATE_SELF');
  });

  it('never demotes the last active admin', async () => {
    // Another admin's account acting on the only active admin (e.g. a concurrent change won first).
    const ghost = await f.makeUser({ rol: 'admin', aktif: false });
    const others = and(eq(users.rol, 'admin'), ne(users.id, f.adminId), eq(users.aktif, true));
    const active = await f.t.db.select({ id: users.id }).from(users).where(others);
    await f.t.db.update(users).set({ aktif: false }).where(others);
    try {
      await expect(updateUser(f.t.db, { id: ghost.id }, f.adminId, { ad: 'Admin', ad_soyad: '', email: 'admin@example.com', rol: 'user' })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
      await expect(updateUser(f.t.db, { id: ghost.id }, f.adminId, { ad: 'Admin', ad_soyad: '', email: 'admin@example.com', aktif: false })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
      const [me] = await f.t.db.select().from(users).where(eq(users.id, f.adminId));
      expect([me!.rol, me!.aktif]).toEqual(['admin', true]);
    } finally {
      for (const { id } of active) await f.t.db.update(users).set({ aktif: true }).where(eq(users.id, id));
    }
  });

  it.skipIf(!onPostgres())('lets only one of two admins demoting each other at the same moment win, every time', async () => {
    // Repeated: before the admin rows were locked in one order, a round now and then ended in a
    // PostgreSQL deadlock (a 500) instead of LAST_ADMIN.
    const others = and(eq(users.rol, 'admin'), eq(users.aktif, true));
    const active = await f.t.db.select({ id: users.id }).from(users).where(others);
    await f.t.db.update(users).set({ aktif: false }).where(others);
    try {
      for (let round = 0; round < 12; round++) {
        const a = await f.makeUser({ rol: 'admin', email: `race-a${round}@example.com` });
        const b = await f.makeUser({ rol: 'admin', email: `race-b${round}@example.com` });
        // Exactly these two admins are active.
        const results = await Promise.allSettled([
          updateUser(f.t.db, { id: a.id }, b.id, { ad: 'B', ad_soyad: '', email: `race-b${round}@example.com`, rol: 'user' }),
          updateUser(f.t.db, { id: b.id }, a.id, { ad: 'A', ad_soyad: '', email: `race-a${round}@example.com`, rol: 'user' }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled'), `round ${round}`).toHaveLength(1);
        expect(results.find((r) => r.status === 'rejected'), `round ${round}`).toMatchObject({ reason: { code: 'LAST_ADMIN' } });
        await f.t.db.update(users).set({ aktif: false }).where(and(eq(users.rol, 'admin'), inArray(users.id, [a.id, b.id])));
      }
    } finally {
      for (const { id } of active) await f.t.db.update(users).set({ aktif: true }).where(eq(users.id, id));
    }
  });
});

describe('DELETE /api/users/{id}', () => {
  it('refuses deleting yourself', async () => {
    const res = await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(f.adminId) } });
    expect(res.status).toBe(409);
    expect(res.body.mesaj).toBe('Kendi hesabınızı silemezsiniz.');
  });

  it('soft-deletes: sessions end, orders and audit rows stay, subscriptions stop, the e-mail can be used again', async () => {
    const victim = await f.makeUser({ email: 'gone@example.com' });
    const pkg = await f.makePackage();
    await call(assign.POST, { token: f.adminToken, body: { kullanici_id: victim.id, paket_id: pkg, platform: 'instagram' } });
    await f.t.db.insert(orders).values({ userId: victim.id, platform: 'instagram', service: 'reels_like', profileIds: [1], profileCount: 1 });
    const res = await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(victim.id) } });
    expect(res.status).toBe(200);
    expect((await call(assign.POST, { token: victim.token, body: {} })).status).toBe(401);
    const [row] = await f.t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await f.t.db.select().from(orders).where(eq(orders.userId, victim.id))).toHaveLength(1);
    const subs = await f.t.db.select().from(userPackages).where(eq(userPackages.userId, victim.id));
    expect(subs.map((s) => s.status)).toEqual(['cancelled']);
    const listed = await call(list.GET, { token: f.adminToken });
    expect((listed.body.users as { id: number }[]).some((u) => u.id === victim.id)).toBe(false);
    expect((await create({ ad: 'Again', email: 'gone@example.com', sifre: 'secret1' })).status).toBe(201);
    const audits = await f.t.db.select().from(auditLog).where(eq(auditLog.entityId, String(victim.id)));
    expect(audits.map((a) => a.action)).toContain('user.delete');
  });

  it('answers 404 for an unknown or already deleted user', async () => {
    const res = await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: '999999' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
  });
});
