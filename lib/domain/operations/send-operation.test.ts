import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { balanceLedger, orders, platforms, profiles, siteSettings, usageCounters, userPackages } from '@/db/schema';
import { call } from '@/test/http';
import { onPostgres } from '@/test/fixtures/db';
import { getQueue, ORDERS_QUEUE } from '@/lib/infra/queue';
import { profilePriceCents } from '@/lib/domain/pricing';
import { setupWorld, freshUrl, makeUser, URLS } from '@/test/fixtures/world';
import { signToken } from '@/lib/domain/credentials';
import { sendOperation } from './send-operation';
import { localDay, nextLocalMidnight } from '@/lib/infra/time';
import { sendHandler } from '@/app/api/_lib/platform-routes';
import { balanceAndLedger } from '@/test/fixtures/balance';

const retweet = sendHandler('retweet');
const like = sendHandler('like');
const bookmark = sendHandler('bookmark');
const comment = sendHandler('comment');
const newTweet = sendHandler('new_tweet');
const reelsComment = sendHandler('reels_comment');
const reelsLike = sendHandler('reels_like');
const reelsShare = sendHandler('reels_share');
const reelsBookmark = sendHandler('reels_bookmark');
const ytLike = sendHandler('youtube_like');
const ytComment = sendHandler('youtube_comment');
const ytSubscribe = sendHandler('youtube_subscribe');

const w = setupWorld();
const ALL = { twitter: { gunlukLimit: 100, profilLimit: 10 }, instagram: { gunlukLimit: 100, profilLimit: 10 }, youtube: { gunlukLimit: 100, profilLimit: 10 } };

beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
});

async function profileIds(platform: 'twitter' | 'instagram' | 'youtube', n: number, offset = 0) {
  const rows = await w.t.db
    .select({ id: profiles.id, followers: profiles.followersCount })
    .from(profiles)
    .where(and(eq(profiles.platform, platform), eq(profiles.status, 'active')))
    .orderBy(profiles.id);
  return rows.slice(offset, offset + n);
}
const ids = async (platform: 'twitter' | 'instagram' | 'youtube', n: number, offset = 0) => (await profileIds(platform, n, offset)).map((p) => p.id);

const balanceOf = (userId: number) => balanceAndLedger(w.t.db, userId);

describe('sending an operation: every service', () => {
  it('accepts each of the 12 services, stores a pending order and enqueues its job in the same transaction', async () => {
    const { user, token } = await makeUser(w.t, { packages: ALL, bakiyeCents: 100_000 });
    const tw = await ids('twitter', 2);
    const ig = await ids('instagram', 2);
    const yt = await ids('youtube', 2);
    const cases = [
      [retweet, 'retweet', { profile_ids: tw, tweet_url: URLS.tweet }],
      [like, 'like', { profile_ids: tw, tweet_url: URLS.tweet }],
      [bookmark, 'bookmark', { profile_ids: tw, tweet_url: URLS.tweet }],
      [comment, 'comment', { profile_ids: tw, tweet_url: URLS.tweet, prompt: 'Kısa ve olumlu' }],
      [newTweet, 'new_tweet', { profile_ids: tw, tweet_text: 'Merhaba dünya', quote_tweet_url: '' }],
      [reelsComment, 'reels_comment', { profile_ids: ig, reels_url: URLS.reel, prompt: 'Harika' }],
      [reelsLike, 'reels_like', { profile_ids: ig, reels_url: URLS.reel }],
      [reelsShare, 'reels_share', { profile_ids: ig, reels_url: URLS.reel }],
      [reelsBookmark, 'reels_bookmark', { profile_ids: ig, reels_url: URLS.reel }],
      [ytLike, 'youtube_like', { profile_ids: yt, youtube_url: URLS.video }],
      [ytComment, 'youtube_comment', { profile_ids: yt, youtube_url: 'https://youtu.be/dQw4w9WgXcQ', prompt: 'Süper video' }],
      [ytSubscribe, 'youtube_subscribe', { profile_ids: yt, youtube_url: URLS.channel }],
    ] as const;
    const boss = await getQueue();
    for (const [handler, service, body] of cases) {
      const res = await call(handler, { token, body });
      expect(res.status, service).toBe(200);
      expect(res.body).toEqual({ success: true, task_id: expect.stringMatching(/^[0-9a-f-]{36}$/), order_number: expect.any(Number), charge: expect.stringMatching(/^\d+\.\d\d$/) });
      const [order] = await w.t.db.select().from(orders).where(eq(orders.id, res.body.task_id as string));
      expect(order!.number).toBe(res.body.order_number);
      expect(order).toMatchObject({ userId: user.id, service, status: 'pending', profileCount: 2 });
      const jobs = await boss.findJobs(ORDERS_QUEUE, { id: order!.id });
      expect(jobs, service).toHaveLength(1);
    }
  });

  it('refuses a visitor with 401', async () => {
    const res = await call(like, { body: { profile_ids: await ids('twitter', 1), tweet_url: URLS.tweet } });
    expect(res.status).toBe(401);
  });
});

describe('the input checks (400)', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await makeUser(w.t, { packages: ALL, bakiyeCents: 10_000 }));
  });

  it('needs a non-empty list of distinct profiles', async () => {
    for (const profile_ids of [[], undefined, [0], ['abc']]) {
      const res = await call(like, { token, body: { profile_ids, tweet_url: URLS.tweet } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', mesaj: 'Lütfen en az bir profil seçin.' });
    }
    const [a] = await ids('twitter', 1);
    const dup = await call(like, { token, body: { profile_ids: [a, a], tweet_url: URLS.tweet } });
    expect(dup.body).toMatchObject({ code: 'VALIDATION_FAILED', mesaj: 'Bir profil birden fazla kez seçilemez.' });
  });

  it('accepts profiles of that platform only, and only active ones', async () => {
    const ig = await ids('instagram', 1);
    const other = await call(like, { token, body: { profile_ids: ig, tweet_url: URLS.tweet } });
    expect(other).toMatchObject({ status: 400, body: { code: 'PROFILES_UNAVAILABLE' } });
    const [inactive] = await w.t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'inactive')));
    const res = await call(like, { token, body: { profile_ids: [inactive!.id], tweet_url: URLS.tweet } });
    expect(res).toMatchObject({ status: 400, body: { code: 'PROFILES_UNAVAILABLE' } });
    const missing = await call(like, { token, body: { profile_ids: [99_999_999], tweet_url: URLS.tweet } });
    expect(missing).toMatchObject({ status: 400, body: { code: 'PROFILES_UNAVAILABLE' } });
  });

  it('needs an https link of the right platform and kind', async () => {
    const tw = await ids('twitter', 1);
    const ig = await ids('instagram', 1);
    const yt = await ids('youtube', 1);
    const bad: [typeof like, Record<string, unknown>][] = [
      [like, { profile_ids: tw, tweet_url: 'http://x.com/a/status/1' }],
      [like, { profile_ids: tw, tweet_url: 'https://x.com/someone' }],
      [like, { profile_ids: tw, tweet_url: 'https://evil.com/x.com/a/status/1' }],
      [like, { profile_ids: tw, tweet_url: '   ' }],
      [reelsLike, { profile_ids: ig, reels_url: 'https://www.instagram.com/p/C8abcdEFgh1/' }],
      [reelsLike, { profile_ids: ig, reels_url: URLS.tweet }],
      [ytLike, { profile_ids: yt, youtube_url: 'https://www.youtube.com/@etkilesim' }],
      [ytLike, { profile_ids: yt, youtube_url: 'https://vimeo.com/123' }],
      [ytSubscribe, { profile_ids: yt, youtube_url: 'https://example.com/@etkilesim' }],
    ];
    for (const [handler, body] of bad) {
      const res = await call(handler, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const good: [typeof like, Record<string, unknown>][] = [
      [like, { profile_ids: tw, tweet_url: 'https://twitter.com/jack/status/20' }],
      [like, { profile_ids: tw, tweet_url: ' https://mobile.x.com/a_b/status/123?s=20 ' }],
      [reelsLike, { profile_ids: ig, reels_url: 'https://instagram.com/reels/C8abcdEFgh1' }],
      [ytLike, { profile_ids: yt, youtube_url: 'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ' }],
      [ytLike, { profile_ids: yt, youtube_url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' }],
      [ytSubscribe, { profile_ids: yt, youtube_url: URLS.video }],
    ];
    for (const [handler, body] of good) {
      const res = await call(handler, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
    }
  });

  it('needs tweet text of 1–280 characters after trimming and a prompt of at most 500', async () => {
    const tw = await ids('twitter', 1);
    const empty = await call(newTweet, { token, body: { profile_ids: tw, tweet_text: '   ' } });
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', mesaj: 'Lütfen tweet metnini yazın.' });
    const long = await call(newTweet, { token, body: { profile_ids: tw, tweet_text: 'a'.repeat(281) }, headers: { 'accept-language': 'en' } });
    expect(long.body).toMatchObject({ code: 'VALIDATION_FAILED', mesaj: 'A tweet can have at most 280 characters.' });
    // 280 emoji are 280 characters, though 560 UTF-16 units.
    const emoji = await call(newTweet, { token, body: { profile_ids: tw, tweet_text: '😀'.repeat(280) } });
    expect(emoji.status).toBe(200);
    const badQuote = await call(newTweet, { token, body: { profile_ids: tw, tweet_text: 'hi', quote_tweet_url: 'https://example.com' } });
    expect(badQuote.body.code).toBe('VALIDATION_FAILED');
    const prompt = await call(comment, { token, body: { profile_ids: tw, tweet_url: URLS.tweet, prompt: 'p'.repeat(501) } });
    expect(prompt.body).toMatchObject({ code: 'VALIDATION_FAILED', mesaj: 'Yönlendirme metni en fazla 500 karakter olabilir.' });
  });

  it('checks the input before the package (a visitor-like user with bad input learns about the input)', async () => {
    const { token: noPackage } = await makeUser(w.t);
    const res = await call(like, { token: noPackage, body: { profile_ids: [], tweet_url: URLS.tweet } });
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('package, limits and cooldown', () => {
  it('answers NO_PACKAGE without an active, current package for the platform', async () => {
    const { user, token } = await makeUser(w.t, { packages: { instagram: { gunlukLimit: 5, profilLimit: 5 } } });
    const res = await call(like, { token, body: { profile_ids: await ids('twitter', 1), tweet_url: freshUrl('tweet') } });
    expect(res).toMatchObject({ status: 403, body: { success: false, code: 'NO_PACKAGE', mesaj: 'Twitter için aktif bir paketiniz yok.' } });
    // An expired or cancelled subscription does not count either.
    await w.t.db.update(userPackages).set({ endsAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - 5000) }).where(eq(userPackages.userId, user.id));
    const expired = await call(reelsLike, { token, body: { profile_ids: await ids('instagram', 1), reels_url: freshUrl('reel') } });
    expect(expired.body.code).toBe('NO_PACKAGE');
    // Nor one that starts later, nor a cancelled one that would otherwise be in force.
    await w.t.db.update(userPackages).set({ startsAt: new Date(Date.now() + 60_000), endsAt: new Date(Date.now() + 3_600_000) }).where(eq(userPackages.userId, user.id));
    expect((await call(reelsLike, { token, body: { profile_ids: await ids('instagram', 1), reels_url: freshUrl('reel') } })).body.code).toBe('NO_PACKAGE');
    await w.t.db.update(userPackages).set({ startsAt: new Date(Date.now() - 60_000), status: 'cancelled' }).where(eq(userPackages.userId, user.id));
    expect((await call(reelsLike, { token, body: { profile_ids: await ids('instagram', 1), reels_url: freshUrl('reel') } })).body.code).toBe('NO_PACKAGE');
    // In force again: accepted (the refusals above were the dates and the status, nothing else).
    await w.t.db.update(userPackages).set({ status: 'active' }).where(eq(userPackages.userId, user.id));
    expect((await call(reelsLike, { token, body: { profile_ids: await ids('instagram', 1), reels_url: freshUrl('reel') } })).status).toBe(200);
  });

  it('answers PROFILE_LIMIT_EXCEEDED with the limit', async () => {
    const { token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 5, profilLimit: 3 } } });
    const res = await call(retweet, { token, body: { profile_ids: await ids('twitter', 4), tweet_url: freshUrl('tweet') } });
    expect(res).toMatchObject({ status: 400, body: { code: 'PROFILE_LIMIT_EXCEEDED', limit: 3, mesaj: 'Paketiniz en fazla 3 profil seçmenize izin veriyor.' } });
    expect((await call(retweet, { token, body: { profile_ids: await ids('twitter', 3), tweet_url: freshUrl('tweet') } })).status).toBe(200);
  });

  it('answers DAILY_LIMIT_EXCEEDED with the limit once the service was used that often today, per service', async () => {
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 2, profilLimit: 5 } } });
    const profile_ids = await ids('twitter', 1);
    const body = () => ({ profile_ids, tweet_url: freshUrl('tweet') });
    expect((await call(like, { token, body: body() })).status).toBe(200);
    expect((await call(like, { token, body: body() })).status).toBe(200);
    const third = await call(like, { token, body: body(), headers: { 'accept-language': 'de' } });
    expect(third).toMatchObject({ status: 429, body: { code: 'DAILY_LIMIT_EXCEEDED', limit: 2, mesaj: 'Sie haben Ihr Tageslimit (2) für diesen Dienst erreicht.' } });
    // Another service has its own count.
    expect((await call(retweet, { token, body: body() })).status).toBe(200);
    const [counter] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'like')));
    expect(counter!.count).toBe(2);
  });

  it('counts the daily limit per local day of APP_TIMEZONE, resetting at local midnight', async () => {
    const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 1, profilLimit: 5 } } });
    const profileIds = await ids('twitter', 1);
    const input = () => ({ profileIds, targetUrl: freshUrl('tweet') });
    const midnight = nextLocalMidnight(new Date(), 'Europe/Istanbul').getTime();
    const at = (offsetMs: number) => ({ now: new Date(midnight + offsetMs), timeZone: 'Europe/Istanbul', enqueue: async () => {} });
    // One minute before the next Istanbul midnight, then just after it: two local days.
    await sendOperation(w.t.db, user, 'retweet', input(), at(-60_000));
    await sendOperation(w.t.db, user, 'retweet', input(), at(60_000));
    await expect(sendOperation(w.t.db, user, 'retweet', input(), at(120_000))).rejects.toMatchObject({ code: 'DAILY_LIMIT_EXCEEDED' });
    const days = await w.t.db.select({ day: usageCounters.day }).from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'retweet')));
    expect(days.map((d) => d.day).sort()).toEqual([localDay(new Date(midnight - 60_000), 'Europe/Istanbul'), localDay(new Date(midnight + 60_000), 'Europe/Istanbul')]);
  });

  it('answers COOLDOWN_ACTIVE with remainingSeconds until the setting has passed', async () => {
    await w.t.db.update(siteSettings).set({ cooldownSeconds: 45 }).where(eq(siteSettings.id, 1));
    const { token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 10, profilLimit: 5 } } });
    const profile_ids = await ids('twitter', 1);
    const body = () => ({ profile_ids, tweet_url: freshUrl('tweet') });
    expect((await call(bookmark, { token, body: body() })).status).toBe(200);
    const again = await call(bookmark, { token, body: body() });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('COOLDOWN_ACTIVE');
    expect(again.body.remainingSeconds).toBeGreaterThan(40);
    expect(again.body.remainingSeconds).toBeLessThanOrEqual(45);
    expect(again.body.mesaj).toBe(`${again.body.remainingSeconds} saniye bekleyin`);
    // The cooldown is per service.
    expect((await call(like, { token, body: body() })).status).toBe(200);
  });

  it('checks in the stated order: profile limit before daily limit before cooldown', async () => {
    await w.t.db.update(siteSettings).set({ cooldownSeconds: 60 }).where(eq(siteSettings.id, 1));
    const { token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 1, profilLimit: 1 } } });
    expect((await call(like, { token, body: { profile_ids: await ids('twitter', 1), tweet_url: freshUrl('tweet') } })).status).toBe(200);
    // Over the profile limit, over the daily limit and in the cooldown at once.
    const both = await call(like, { token, body: { profile_ids: await ids('twitter', 2), tweet_url: freshUrl('tweet') } });
    expect(both.body.code).toBe('PROFILE_LIMIT_EXCEEDED');
    const daily = await call(like, { token, body: { profile_ids: await ids('twitter', 1), tweet_url: freshUrl('tweet') } });
    expect(daily.body.code).toBe('DAILY_LIMIT_EXCEEDED');
  });

  it('applies the Twitter minimum profiles setting to Twitter sends only', async () => {
    await w.t.db.update(siteSettings).set({ twitterMinProfiles: 3 }).where(eq(siteSettings.id, 1));
    const { token } = await makeUser(w.t, { packages: ALL });
    const res = await call(like, { token, body: { profile_ids: await ids('twitter', 2), tweet_url: freshUrl('tweet') } });
    expect(res).toMatchObject({ status: 400, body: { code: 'MIN_PROFILES', min: 3, mesaj: 'Minimum 3 profil seçmelisiniz' } });
    expect((await call(like, { token, body: { profile_ids: await ids('twitter', 3), tweet_url: freshUrl('tweet') } })).status).toBe(200);
    expect((await call(reelsLike, { token, body: { profile_ids: await ids('instagram', 1), reels_url: freshUrl('reel') } })).status).toBe(200);
  });

  it('exempts an admin session from package, profile cap, daily limit and cooldown', async () => {
    await w.t.db.update(siteSettings).set({ cooldownSeconds: 60 }).where(eq(siteSettings.id, 1));
    const { user } = await makeUser(w.t, { rol: 'admin' });
    const adminSession = await signToken(w.t.db, user, 'admin');
    const profile_ids = await ids('twitter', 25);
    for (let i = 0; i < 3; i++) expect((await call(like, { token: adminSession, body: { profile_ids, tweet_url: freshUrl('tweet') } })).status).toBe(200);
    const count = await w.t.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(count).toHaveLength(3);
  });

  it('holds the admin account to the customer rules when it signs in through the customer login (issue #34 item 6)', async () => {
    await w.t.db.update(siteSettings).set({ cooldownSeconds: 60 }).where(eq(siteSettings.id, 1));
    // Without a package it is refused like any customer without one.
    const bare = await makeUser(w.t, { rol: 'admin' });
    expect((await call(like, { token: bare.token, body: { profile_ids: await ids('twitter', 1), tweet_url: freshUrl('tweet') } })).body.code).toBe('NO_PACKAGE');
    // With one: its profile limit, the cooldown and its daily limit.
    const { user, token } = await makeUser(w.t, { rol: 'admin', packages: { twitter: { gunlukLimit: 2, profilLimit: 2 } } });
    const send = async () => (await call(like, { token, body: { profile_ids: await ids('twitter', 2), tweet_url: freshUrl('tweet') } })).body;
    expect((await call(like, { token, body: { profile_ids: await ids('twitter', 3), tweet_url: freshUrl('tweet') } })).body.code).toBe('PROFILE_LIMIT_EXCEEDED');
    expect((await send()).success).toBe(true);
    expect((await send()).code).toBe('COOLDOWN_ACTIVE');
    await w.t.db.update(siteSettings).set({ cooldownSeconds: 0 }).where(eq(siteSettings.id, 1));
    expect((await send()).success).toBe(true);
    expect((await send()).code).toBe('DAILY_LIMIT_EXCEEDED');
    // The same account through admin login is not held to them.
    const adminSession = await signToken(w.t.db, user, 'admin');
    expect((await call(like, { token: adminSession, body: { profile_ids: await ids('twitter', 3), tweet_url: freshUrl('tweet') } })).status).toBe(200);
    // lib/ alike: a sender without the admin session's kind is a customer.
    await expect(sendOperation(w.t.db, { id: bare.user.id, rol: 'admin' }, 'like', { profileIds: await ids('twitter', 1), targetUrl: freshUrl('tweet') })).rejects.toMatchObject({ code: 'NO_PACKAGE' });
  });

  it('refuses a send to an inactive platform or a service without an endpoint', async () => {
    const { token } = await makeUser(w.t, { packages: ALL });
    await w.t.db.update(platforms).set({ aktif: false }).where(eq(platforms.ad, 'youtube'));
    const off = await call(ytLike, { token, body: { profile_ids: await ids('youtube', 1), youtube_url: freshUrl('video') } });
    expect(off).toMatchObject({ status: 403, body: { code: 'PLATFORM_INACTIVE' } });
    await w.t.db.update(platforms).set({ aktif: true }).where(eq(platforms.ad, 'youtube'));
  });
});

describe('one profile acts once per target and service (ALREADY_DONE)', () => {
  it('refuses a second send of an overlapping profile with 409, the overlapping profiles and a localized message', async () => {
    const { user, token } = await makeUser(w.t, { packages: ALL });
    const target = freshUrl('tweet');
    const [a, b, c, d] = await ids('twitter', 4, 30);
    expect((await call(like, { token, body: { profile_ids: [a, b, c], tweet_url: target } })).status).toBe(200);
    // Another customer, partly overlapping: b and c already (are about to) like this tweet.
    const other = await makeUser(w.t, { packages: ALL });
    const res = await call(like, { token: other.token, body: { profile_ids: [d, c, b], tweet_url: target } });
    expect(res).toMatchObject({ status: 409, body: { success: false, code: 'ALREADY_DONE', profile_ids: [b, c] } });
    expect(res.body.mesaj).toBe('Seçtiğiniz 2 profil bu hedefte bu işlemi zaten yaptı veya şu anda yapıyor. Bu profilleri çıkarıp tekrar deneyin.');
    const en = await call(like, { token, body: { profile_ids: [a], tweet_url: target }, headers: { 'accept-language': 'en' } });
    expect(en).toMatchObject({ status: 409, body: { code: 'ALREADY_DONE', profile_ids: [a] } });
    expect(en.body.mesaj).toBe('One selected profile has already done this on this target, or is doing it now. Remove it and try again.');
    // Nothing was stored or counted for the refused sends.
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, other.user.id))).toHaveLength(0);
    const [counter] = await w.t.db.select().from(usageCounters).where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, 'like')));
    expect(counter!.count).toBe(1);
    // Without the overlapping ones the send goes through.
    expect((await call(like, { token: other.token, body: { profile_ids: [d], tweet_url: target } })).status).toBe(200);
  });

  it('lets the same profile act on another target, or with another service on the same target', async () => {
    const { token } = await makeUser(w.t, { packages: ALL });
    const target = freshUrl('tweet');
    const profile_ids = await ids('twitter', 2, 34);
    expect((await call(like, { token, body: { profile_ids, tweet_url: target } })).status).toBe(200);
    expect((await call(retweet, { token, body: { profile_ids, tweet_url: target } })).status).toBe(200);
    expect((await call(like, { token, body: { profile_ids, tweet_url: freshUrl('tweet') } })).status).toBe(200);
    expect((await call(retweet, { token, body: { profile_ids, tweet_url: target } })).body.code).toBe('ALREADY_DONE');
  });

  it('does not count a failed result or a cancelled order', async () => {
    const { user, token } = await makeUser(w.t, { packages: ALL });
    const target = freshUrl('reel');
    const [a, b] = await ids('instagram', 2, 10);
    const first = await call(reelsLike, { token, body: { profile_ids: [a, b], reels_url: target } });
    expect(first.status).toBe(200);
    // a failed on it, b succeeded: a may try again, b may not.
    await w.t.db
      .update(orders)
      .set({ status: 'partial', successCount: 1, results: [{ profile_id: a!, result: 'failed' }, { profile_id: b!, result: 'success' }] })
      .where(eq(orders.id, first.body.task_id as string));
    expect((await call(reelsLike, { token, body: { profile_ids: [a, b], reels_url: target } })).body).toMatchObject({ code: 'ALREADY_DONE', profile_ids: [b] });
    const again = await call(reelsLike, { token, body: { profile_ids: [a], reels_url: target } });
    expect(again.status).toBe(200);
    // A cancelled order (before its start) frees its profiles for this target.
    await w.t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, again.body.task_id as string));
    expect((await call(reelsLike, { token, body: { profile_ids: [a], reels_url: target } })).status).toBe(200);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(3);
  });
});

describe('paid new tweets', () => {
  it('debits the server price from the balance through the ledger', async () => {
    const chosen = await profileIds('twitter', 3, 5);
    const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
    const { user, token } = await makeUser(w.t, { packages: ALL, bakiyeCents: price + 150 });
    const res = await call(newTweet, { token, body: { profile_ids: chosen.map((p) => p.id), tweet_text: 'Yeni ürünümüz çıktı!', tweetPrice: price / 100 } });
    expect(res.status).toBe(200);
    const [order] = await w.t.db.select().from(orders).where(eq(orders.id, res.body.task_id as string));
    expect(order!.priceCents).toBe(price);
    expect(Object.values(order!.profilePricesCents).reduce((a, b) => a + b, 0)).toBe(price);
    expect(await balanceOf(user.id)).toEqual({ balance: 150, ledger: 150 });
    const debits = await w.t.db.select().from(balanceLedger).where(and(eq(balanceLedger.orderId, order!.id), eq(balanceLedger.reason, 'new_tweet')));
    expect(debits.map((d) => d.amountCents)).toEqual([-price]);
  });

  it('answers PRICE_CHANGED (409) with the server price when the confirmed price differs', async () => {
    const chosen = await profileIds('twitter', 2);
    const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
    const { user, token } = await makeUser(w.t, { packages: ALL, bakiyeCents: 100_00 });
    const res = await call(newTweet, { token, body: { profile_ids: chosen.map((p) => p.id), tweet_text: 'x', tweetPrice: price / 100 - 1 } });
    expect(res).toMatchObject({ status: 409, body: { code: 'PRICE_CHANGED', price: price / 100, tweetPrice: price / 100 } });
    expect(res.body.mesaj).toContain((price / 100).toFixed(2));
    expect(await balanceOf(user.id)).toEqual({ balance: 100_00, ledger: 100_00 });
  });

  it('reads the confirmed price by the one money rule (lib/infra/money): half a cent over is the next cent', async () => {
    const chosen = await profileIds('twitter', 2);
    const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
    const { user, token } = await makeUser(w.t, { packages: ALL, bakiyeCents: 100_00 });
    const text = (price / 100).toFixed(2);
    const off = await call(newTweet, { token, body: { profile_ids: chosen.map((p) => p.id), tweet_text: 'x', tweetPrice: `${text}5` } });
    expect(off).toMatchObject({ status: 409, body: { code: 'PRICE_CHANGED' } });
    const asText = await call(newTweet, { token, body: { profile_ids: chosen.map((p) => p.id), tweet_text: 'x', tweetPrice: `${text}4` } });
    expect(asText).toMatchObject({ status: 200, body: { success: true } });
    expect(await balanceOf(user.id)).toEqual({ balance: 100_00 - price, ledger: 100_00 - price });
  });

  it('answers INSUFFICIENT_BALANCE (402) with the required and current dollars, changing nothing', async () => {
    const chosen = await profileIds('twitter', 2);
    const price = chosen.reduce((s, p) => s + profilePriceCents(p.followers), 0);
    const { user, token } = await makeUser(w.t, { packages: ALL, bakiyeCents: price - 1 });
    const res = await call(newTweet, { token, body: { profile_ids: chosen.map((p) => p.id), tweet_text: 'x', tweetPrice: price / 100 }, headers: { 'accept-language': 'en' } });
    expect(res).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_BALANCE', required: price / 100, current: (price - 1) / 100 } });
    expect(res.body.mesaj).toBe(`Insufficient balance. Required: $${(price / 100).toFixed(2)}, current: $${((price - 1) / 100).toFixed(2)}.`);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    const usage = await w.t.db.select().from(usageCounters).where(eq(usageCounters.userId, user.id));
    expect(usage).toHaveLength(0);
  });
});

describe.skipIf(!onPostgres())('under concurrency (PostgreSQL)', () => {
  it('accepts exactly 10 of 100 parallel sends against a daily limit of 10', async () => {
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 10, profilLimit: 5 } } });
    const profile_ids = await ids('twitter', 2);
    const results = await Promise.all(Array.from({ length: 100 }, () => call(like, { token, body: { profile_ids, tweet_url: freshUrl('tweet') } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.code === 'DAILY_LIMIT_EXCEEDED')).toBe(true);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(10);
    const boss = await getQueue();
    const jobs = await boss.findJobs(ORDERS_QUEUE, { data: { orderId: (results.find((r) => r.status === 200)!.body.task_id as string) } });
    expect(jobs).toHaveLength(1);
  });

  it('accepts exactly 10 of 100 parallel new tweets with balance for 10, never going negative', async () => {
    const [p] = await profileIds('twitter', 1);
    const price = profilePriceCents(p!.followers);
    const { user, token } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 1000, profilLimit: 5 } }, bakiyeCents: price * 10 + price - 1 });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(newTweet, { token, body: { profile_ids: [p!.id], tweet_text: `tweet ${i}`, tweetPrice: price / 100 } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 402 && r.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    const { balance, ledger } = await balanceOf(user.id);
    expect(balance).toBe(price - 1);
    expect(ledger).toBe(balance);
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(10);
  });

  it('lets exactly one of two customers sending the same profile to the same target at once through', async () => {
    const a = await makeUser(w.t, { packages: ALL });
    const b = await makeUser(w.t, { packages: ALL });
    for (let round = 0; round < 5; round++) {
      const target = freshUrl('tweet');
      const [p, q, r] = await ids('twitter', 3, 40 + round * 3);
      const results = await Promise.all([
        call(retweet, { token: a.token, body: { profile_ids: [p, q], tweet_url: target } }),
        call(retweet, { token: b.token, body: { profile_ids: [r, q], tweet_url: target } }),
      ]);
      expect(results.map((x) => x.status).sort(), `round ${round}`).toEqual([200, 409]);
      const refused = results.find((x) => x.status === 409)!;
      expect(refused.body).toMatchObject({ code: 'ALREADY_DONE', profile_ids: [q] });
      const stored = await w.t.db.select({ profileIds: orders.profileIds }).from(orders).where(and(eq(orders.targetUrl, target), eq(orders.service, 'retweet')));
      expect(stored.flatMap((o) => o.profileIds).filter((id) => id === q)).toHaveLength(1);
    }
  });
});
