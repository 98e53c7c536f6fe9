import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import { userPackages } from '@/db/schema';
import * as assign from '@/app/api/kullanici-paketleri/route';
import { GET } from './route';

const f = setupAdmin();

const DAY = 86_400_000;

describe('GET /api/users/subscriptions/me (the pricing page’s current plans, issue #32 item 12)', () => {
  it('answers the caller’s own package per platform with the end a purchase now would give, 30 days on', async () => {
    const pkg = await f.makePackage({ ad: 'Mine' });
    const other = await f.makePackage({ ad: 'Other' });
    const u = await f.makeUser();
    const stranger = await f.makeUser();
    const ends = new Date(Date.now() + 10 * DAY);
    await call(assign.POST, { token: f.adminToken, body: { kullanici_id: u.id, paket_id: pkg, platform: 'twitter,youtube', bitis_tarihi: ends.toISOString() } });
    await call(assign.POST, { token: f.adminToken, body: { kullanici_id: stranger.id, paket_id: other, platform: 'instagram' } });

    const res = await call(GET, { token: u.token });
    expect(res.status).toBe(200);
    const subs = await f.t.db.select().from(userPackages).where(eq(userPackages.userId, u.id));
    const end = (platform: string) => subs.find((s) => s.platform === platform)!.endsAt;
    expect(res.body.abonelikler).toEqual(
      ['twitter', 'youtube'].map((platform) => ({
        platform,
        paket_id: pkg,
        bitis_tarihi: end(platform).toISOString(),
        yeni_bitis_tarihi: new Date(end(platform).getTime() + 30 * DAY).toISOString(),
      })),
    );
  });

  it('leaves out cancelled and ended packages, answers an empty list without any and 401 to a visitor', async () => {
    const pkg = await f.makePackage();
    const u = await f.makeUser();
    const now = Date.now();
    await f.t.db.insert(userPackages).values([
      { userId: u.id, packageId: pkg, platform: 'twitter', paketAdi: 'P', gunlukLimit: 1, profilLimit: 1, startsAt: new Date(now - 40 * DAY), endsAt: new Date(now - 10 * DAY) },
      { userId: u.id, packageId: pkg, platform: 'instagram', paketAdi: 'P', gunlukLimit: 1, profilLimit: 1, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY), status: 'cancelled', cancelledAt: new Date() },
    ]);
    expect((await call(GET, { token: u.token })).body.abonelikler).toEqual([]);
    expect((await call(GET)).status).toBe(401);
  });
});
