import { describe, expect, it } from 'vitest';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import * as users from './route';
import * as userById from './[id]/route';
import * as withPackages from './with-packages/route';
import * as assign from '../kullanici-paketleri/route';
import * as subscriptionsOf from '../kullanici-paketleri/[id]/route';
import * as resetLimits from '../kullanici-paketleri/[id]/reset-limits/route';
import * as cancel from '../kullanici-paketleri/[id]/cancel/route';
import * as packages from '../paketler/route';
import * as packageById from '../paketler/[id]/route';
import * as platform from '../platformlar/[platform]/route';
import * as discounts from '../indirim-kodlari/route';
import * as discountById from '../indirim-kodlari/[id]/route';
import * as announcements from '../duyurular/route';
import * as announcementsAdmin from '../duyurular/admin/route';
import * as announcementById from '../duyurular/[id]/route';
import * as settings from '../site-ayar/route';
import * as stats from '../islem-gecmisi/stats/user/[userId]/route';
import * as serviceHistory from '../islem-gecmisi/user/[userId]/service/[service]/route';
import * as statsApiApi from '../api/islem-gecmisi/stats/user/[userId]/route';
import * as serviceHistoryApiApi from '../api/islem-gecmisi/user/[userId]/service/[service]/route';
import * as usersApiApi from '../api/users/route';
import * as auditLog from '../audit-log/route';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Every admin route of issue 5, with a body that would be valid for an admin. */
const ADMIN_ROUTES: [string, Handler, Record<string, string>, unknown?][] = [
  ['GET /api/users', users.GET, {}],
  ['POST /api/users', users.POST, {}, { ad: 'X', email: 'x@example.com', sifre: 'secret1' }],
  ['PUT /api/users/{id}', userById.PUT, { id: '1' }, { ad: 'X', email: 'x@example.com' }],
  ['DELETE /api/users/{id}', userById.DELETE, { id: '999' }],
  ['GET /api/users/with-packages', withPackages.GET, {}],
  ['POST /api/kullanici-paketleri', assign.POST, {}, { kullanici_id: 2, paket_id: 1, platform: 'twitter' }],
  ['PUT /api/kullanici-paketleri/{id}/reset-limits', resetLimits.PUT, { id: '1' }],
  ['PUT /api/kullanici-paketleri/{id}/cancel', cancel.PUT, { id: '1' }],
  ['POST /api/paketler', packages.POST, {}, { ad: 'P', platform_fiyatlari: { instagram: 1, twitter: 1, youtube: 1 }, gunluk_limit: 1, profil_limit: 1 }],
  ['PUT /api/paketler/{id}', packageById.PUT, { id: '1' }, { ad: 'P', platform_fiyatlari: { instagram: 1, twitter: 1, youtube: 1 }, gunluk_limit: 1, profil_limit: 1 }],
  ['DELETE /api/paketler/{id}', packageById.DELETE, { id: '1' }],
  ['PUT /api/platformlar/{platform}', platform.PUT, { platform: 'twitter' }, { aktif: false }],
  ['GET /api/indirim-kodlari', discounts.GET, {}],
  ['POST /api/indirim-kodlari', discounts.POST, {}, { kod: 'X', paket_id: [1], indirim_yuzdesi: 10, maksimum_kullanim: 1, bitis_tarihi: '2999-01-01' }],
  ['PUT /api/indirim-kodlari/{id}', discountById.PUT, { id: '1' }, { aktif: false }],
  ['DELETE /api/indirim-kodlari/{id}', discountById.DELETE, { id: '1' }],
  ['GET /api/duyurular/admin', announcementsAdmin.GET, {}],
  ['POST /api/duyurular', announcements.POST, {}, { baslik: 'a', icerik: 'b', baslik_en: 'c', icerik_en: 'd', oncelik: 0 }],
  ['PUT /api/duyurular/{id}', announcementById.PUT, { id: '1' }, { baslik: 'a', icerik: 'b', baslik_en: 'c', icerik_en: 'd', oncelik: 0 }],
  ['DELETE /api/duyurular/{id}', announcementById.DELETE, { id: '1' }],
  ['PUT /api/site-ayar', settings.PUT, {}, { site_adi: 'X' }],
  ['GET /api/islem-gecmisi/stats/user/{userId}', stats.GET, { userId: '2' }],
  ['GET /api/islem-gecmisi/user/{userId}/service/{service}', serviceHistory.GET, { userId: '2', service: 'like' }],
  ['GET /api/api/islem-gecmisi/stats/user/{userId}', statsApiApi.GET, { userId: '2' }],
  ['GET /api/api/islem-gecmisi/user/{userId}/service/{service}', serviceHistoryApiApi.GET, { userId: '2', service: 'like' }],
  ['GET /api/audit-log', auditLog.GET, {}],
  ['GET /api/api/users', usersApiApi.GET, {}],
];

const f = setupAdmin();

const methodOf = (name: string) => name.split(' ')[0]!;

describe('every admin route', () => {
  it.each(ADMIN_ROUTES)('%s answers 401 without a token', async (name, handler, params, body) => {
    const res = await call(handler, { method: methodOf(name), params, body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it.each(ADMIN_ROUTES)('%s answers 403 with a user token', async (name, handler, params, body) => {
    const res = await call(handler, { method: methodOf(name), params, body, token: f.userToken });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', mesaj: 'Bu işlem için yetkiniz yok.' });
  });

  it.each(ADMIN_ROUTES)('%s lets an admin through', async (name, handler, params, body) => {
    const res = await call(handler, { method: methodOf(name), params, body, token: f.adminToken });
    expect([401, 403]).not.toContain(res.status);
  });

  it('lets a customer read only their own subscriptions', async () => {
    expect((await call(subscriptionsOf.GET, { params: { id: String(f.userId) } })).status).toBe(401);
    expect((await call(subscriptionsOf.GET, { params: { id: String(f.adminId) }, token: f.userToken })).status).toBe(403);
    expect((await call(subscriptionsOf.GET, { params: { id: String(f.userId) }, token: f.userToken })).status).toBe(200);
    expect((await call(subscriptionsOf.GET, { params: { id: String(f.userId) }, token: f.adminToken })).status).toBe(200);
  });

  it('answers GET /api/api/users (§7 writes it with the /api prefix) with the same list as /api/users', async () => {
    const doubled = await call(usersApiApi.GET, { path: '/api/api/users', token: f.adminToken });
    expect(doubled.status).toBe(200);
    const plain = await call(users.GET, { token: f.adminToken });
    expect(doubled.body.users).toEqual(plain.body.users);
    expect((doubled.body.users as { id: number }[]).map((u) => u.id)).toEqual(expect.arrayContaining([f.userId, f.adminId]));
  });

  it('refuses a forged admin token', async () => {
    const res = await call(users.GET, { token: f.adminToken.slice(0, -2) + 'xx' });
    expect(res.status).toBe(401);
  });
});
