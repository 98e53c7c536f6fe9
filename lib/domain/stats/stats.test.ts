import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, profiles, siteSettings } from '@/db/schema';
import { call } from '@/test/http';
import { configureSim } from '@/lib/domain/provider/sim';
import { processOrder, sendOperation } from '@/lib/domain/operations';
import { profilePriceCents } from '@/lib/domain/pricing';
import { signToken } from '@/lib/domain/credentials';
import { GET as transactionsRoute } from '@/app/api/users/transactions/me/route';
import { GET as statsRoute } from '@/app/api/islem-gecmisi/stats/benim/platform/[platform]/route';
import { GET as limitsRoute } from '@/app/api/users/limits/me/route';
import { GET as balanceRoute } from '@/app/api/bakiye/kullanici-bakiye/route';
import { setupWorld, fastClient, freshUrl, makeUser, URLS } from '@/test/fixtures/world';

const w = setupWorld();
const noEnqueue = async () => {};

beforeAll(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0 }).where(eq(siteSettings.id, 1));
});

async function twitter(n: number) {
  return w.t.db
    .select({ id: profiles.id, username: profiles.username, followers: profiles.followersCount })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id)
    .limit(n);
}

describe('limits, balance, transactions and statistics of a customer', () => {
  it('shows §3 limit info with today’s use per service and the time to the local midnight', async () => {
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 7, profilLimit: 4 } } });
    const p = await twitter(1);
    await sendOperation(w.t.db, user, 'like', { profileIds: [p[0]!.id], targetUrl: freshUrl('tweet') }, { enqueue: noEnqueue });
    await sendOperation(w.t.db, user, 'like', { profileIds: [p[0]!.id], targetUrl: freshUrl('tweet') }, { enqueue: noEnqueue });
    const res = await call(limitsRoute, { token, path: '/api/users/limits/me?service=like' });
    expect(res.status).toBe(200);
    expect(res.body.limitInfo).toMatchObject({
      profil_limit: 4,
      gunluk_limit: 7,
      hizmet_detaylari: { like: { kullanilan: 2, kalan: 5 }, retweet: { kullanilan: 0, kalan: 7 } },
      reset_suresi: { saat: expect.any(Number), dakika: expect.any(Number) },
    });
    expect(res.body.profil_limit).toBe(4);
    const r = (res.body.limitInfo as { reset_suresi: { saat: number; dakika: number } }).reset_suresi;
    expect(r.saat * 60 + r.dakika).toBeLessThanOrEqual(24 * 60 + 60);
    // No package on Instagram: no limit info ("platform not allowed").
    const ig = await call(limitsRoute, { token, path: '/api/users/limits/me?service=reels_like' });
    expect(ig.body).toEqual({ success: true, limitInfo: null });
    const bad = await call(limitsRoute, { token, path: '/api/users/limits/me?service=dance' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_SERVICE' } });
  });

  it('shows an admin session no limits, and the admin account through the customer login its package’s (issue #34 item 6)', async () => {
    const { user, token: plainLogin } = await makeUser(w.t, { rol: 'admin', packages: { twitter: { gunlukLimit: 7, profilLimit: 4 } } });
    const plain = await call(limitsRoute, { token: plainLogin, path: '/api/users/limits/me?service=like' });
    expect(plain.body.limitInfo).toMatchObject({ profil_limit: 4, gunluk_limit: 7, sinirsiz: false });
    expect((await call(limitsRoute, { token: plainLogin, path: '/api/users/limits/me?service=reels_like' })).body.limitInfo).toBeNull();
    const adminSession = await signToken(w.t.db, user, 'admin');
    const exempt = await call(limitsRoute, { token: adminSession, path: '/api/users/limits/me?service=reels_like' });
    expect(exempt.body.limitInfo).toMatchObject({ platform: 'instagram', profil_limit: null, gunluk_limit: null, sinirsiz: true });
  });

  it('shows the balance in dollars', async () => {
    const { token } = await makeUser(w.t, { bakiyeCents: 1234 });
    expect((await call(balanceRoute, { token })).body).toMatchObject({ success: true, bakiye: 12.34 });
    expect((await call(balanceRoute, {})).status).toBe(401);
  });

  it('lists transactions newest first in the §3 shape, 20 by default, with a cursor that neither repeats nor skips', async () => {
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 5 } }, bakiyeCents: 100_000 });
    const p = await twitter(3);
    const ids: string[] = [];
    const targets: string[] = [];
    for (let i = 0; i < 23; i++) {
      targets.push(freshUrl('tweet'));
      ids.push((await sendOperation(w.t.db, user, 'retweet', { profileIds: [p[0]!.id], targetUrl: targets[i]! }, { enqueue: noEnqueue })).taskId);
    }
    const tweet = await sendOperation(w.t.db, user, 'new_tweet', { profileIds: p.map((x) => x.id), tweetText: 'Merhaba!' }, { enqueue: noEnqueue });

    const first = await call(transactionsRoute, { token, path: '/api/users/transactions/me?service=retweet' });
    const list = first.body.transactions as Record<string, unknown>[];
    expect(list).toHaveLength(20);
    expect(list[0]).toEqual({
      id: ids[22],
      order_number: expect.any(Number),
      hedef_url: targets[22],
      durum: 'beklemede',
      profil_sayisi: 1,
      created_at: expect.any(String),
      notlar: null,
      bakiye_harcanan: 0,
      service: 'retweet',
      platform: 'twitter',
      success_count: 0,
      order_status: 'pending',
    });
    const second = await call(transactionsRoute, { token, path: `/api/users/transactions/me?service=retweet&cursor=${first.body.next_cursor as string}` });
    const rest = second.body.transactions as { id: string }[];
    expect(rest).toHaveLength(3);
    expect(second.body.next_cursor).toBeNull();
    expect([...list.map((t) => t.id), ...rest.map((t) => t.id)]).toEqual([...ids].reverse());

    const paid = await call(transactionsRoute, { token, path: '/api/users/transactions/me?service=new-tweet&limit=5' });
    const t = (paid.body.transactions as Record<string, unknown>[])[0]!;
    const price = p.reduce((s, x) => s + profilePriceCents(x.followers), 0);
    expect(t).toMatchObject({ id: tweet.taskId, bakiye_harcanan: price / 100, profil_sayisi: 3 });
    expect(t.notlar).toContain('Merhaba!');
    for (const x of p) expect(t.notlar).toContain(`@${x.username}`);

    expect((await call(transactionsRoute, { token, path: '/api/users/transactions/me?cursor=nonsense' })).status).toBe(400);
    expect((await call(transactionsRoute, { token, path: '/api/users/transactions/me?limit=0' })).status).toBe(400);
  });

  it('counts platform statistics, money spent net of refunds, and a 30-day series by outcome', async () => {
    configureSim({ reset: true, minDelayMs: 5, maxDelayMs: 20, failRate: 0 });
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 5 } }, bakiyeCents: 100_000 });
    const p = await twitter(2);
    const ok = await sendOperation(w.t.db, user, 'like', { profileIds: [p[0]!.id], targetUrl: freshUrl('tweet') }, { enqueue: noEnqueue });
    await processOrder(w.t.db, ok.taskId, { client: fastClient(), pollIntervalMs: 10, emit: () => {} });
    configureSim({ failRate: 1 });
    const bad = await sendOperation(w.t.db, user, 'new_tweet', { profileIds: p.map((x) => x.id), tweetText: 'x' }, { enqueue: noEnqueue });
    await processOrder(w.t.db, bad.taskId, { client: fastClient(), pollIntervalMs: 10, emit: () => {} });
    configureSim({ failRate: 0 });
    const paid = await sendOperation(w.t.db, user, 'new_tweet', { profileIds: [p[1]!.id], tweetText: 'y' }, { enqueue: noEnqueue });
    await processOrder(w.t.db, paid.taskId, { client: fastClient(), pollIntervalMs: 10, emit: () => {} });
    await sendOperation(w.t.db, user, 'comment', { profileIds: [p[0]!.id], targetUrl: freshUrl('tweet') }, { enqueue: noEnqueue });
    // An order of another day, 3 days ago.
    await w.t.db.update(orders).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(orders.id, ok.taskId));
    // A partly failed order (one of two profiles failed): never counted as successful.
    await w.t.db.insert(orders).values({ userId: user.id, platform: 'twitter', service: 'retweet', status: 'partial', targetUrl: URLS.tweet, profileIds: p.map((x) => x.id), profileCount: 2, successCount: 1 });

    const res = await call(statsRoute, { token, params: { platform: 'twitter' } });
    const stats = res.body.stats as Record<string, unknown> & { gunluk: { tarih: string; basarili: number; kismi: number; basarisiz: number; beklemede: number; iptal: number }[] };
    expect(stats).toMatchObject({
      toplam_islem: 5,
      basarili_islem: 2,
      kismi_islem: 1,
      basarisiz_islem: 1,
      bekleyen_islem: 1,
      iptal_islem: 0,
      toplam_harcanan: profilePriceCents(p[1]!.followers) / 100,
      hizmet_detaylari: { like: 1, new_tweet: 2, comment: 1, retweet: 1, bookmark: 0 },
    });
    expect(stats.gunluk).toHaveLength(30);
    const today = stats.gunluk.at(-1)!;
    expect(today).toMatchObject({ basarili: 1, kismi: 1, basarisiz: 1, beklemede: 1 });
    expect(stats.gunluk.at(-4)).toMatchObject({ basarili: 1, kismi: 0, basarisiz: 0 });
    expect(stats.gunluk.reduce((s, d) => s + d.basarili + d.kismi + d.basarisiz + d.beklemede + d.iptal, 0)).toBe(5);
    const counts = stats as unknown as Record<string, number>;
    expect(counts.basarili_islem! + counts.kismi_islem! + counts.basarisiz_islem! + counts.bekleyen_islem! + counts.iptal_islem!).toBe(counts.toplam_islem);

    const list = await call(transactionsRoute, { token, path: '/api/users/transactions/me?service=retweet&limit=20' });
    expect((list.body.transactions as { service: string; durum: string }[]).find((t) => t.service === 'retweet')?.durum).toBe('kismi');

    const ig = await call(statsRoute, { token, params: { platform: 'instagram' } });
    expect(ig.body.stats).toMatchObject({ toplam_islem: 0, hizmet_detaylari: { reels_like: 0 } });
    expect((await call(statsRoute, { token, params: { platform: 'myspace' } })).status).toBe(404);
  });
});
