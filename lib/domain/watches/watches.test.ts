import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { crews, mailOutbox, notifications, orders, platforms, profiles, userPackages, watches, watchPosts } from '@/db/schema';
import { renderNotification } from '@/lib/domain/notifications/render-notification';
import { updatePreferences } from '@/lib/domain/notifications';
import { call } from '@/test/http';
import { setupWorld, makeUser, fastClient } from '@/test/fixtures/world';
import { GET as list, POST as create } from '@/app/api/watches/route';
import { GET as getOne, PATCH as patch, DELETE as remove } from '@/app/api/watches/[id]/route';
import { POST as pause } from '@/app/api/watches/[id]/pause/route';
import { POST as resume } from '@/app/api/watches/[id]/resume/route';
import type { ProviderAccountPost, ProviderClient } from '@/lib/domain/provider';
import { sendOperation, type SendOptions } from '@/lib/domain/operations';
import { getTableName, type Table } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { actOnPosts, backoffSeconds, parseAccount, pollWatches } from './index';

/**
 * Issue #37: watches. The routes (CRUD, validation, another customer's watch), and the poller:
 * each new post of the watched account becomes one set of ordinary orders, once, whatever the
 * concurrency (meaningful on PostgreSQL: TEST_DB=postgres).
 */
const w = setupWorld();
/** Orders that the queue does not work: the tests look at the rows only. */
const quiet: SendOptions['enqueue'] = async () => {};

async function twitterIds(n: number, offset = 0) {
  const rows = await w.t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id);
  return rows.slice(offset, offset + n).map((r) => r.id);
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
let body: (extra?: Record<string, unknown>) => Record<string, unknown>;

beforeAll(async () => {
  const ids = await twitterIds(2);
  body = (extra = {}) => ({
    platform: 'twitter',
    account: '@watched_one',
    services: ['like', 'retweet'],
    profile_ids: ids,
    delay_minutes: [0, 0],
    spread_minutes: 0,
    max_posts_per_day: 5,
    ends_at: inDays(10),
    ...extra,
  });
});

describe('parseAccount', () => {
  it('takes a handle or the account link of its platform, and nothing of another platform', () => {
    expect(parseAccount('twitter', '@someone_1')).toBe('someone_1');
    expect(parseAccount('twitter', 'https://x.com/someone_1')).toBe('someone_1');
    expect(parseAccount('twitter', 'https://www.instagram.com/someone_1/')).toBeNull();
    expect(parseAccount('instagram', 'https://x.com/someone_1')).toBeNull();
    expect(parseAccount('tiktok', 'https://www.tiktok.com/@dancer.one')).toBe('dancer.one');
    expect(parseAccount('youtube', 'https://www.youtube.com/@channel_x')).toBe('channel_x');
    expect(parseAccount('twitter', 'way_too_long_handle_here')).toBeNull();
    expect(parseAccount('twitter', 'https://x.com/home')).toBeNull();
  });
});

describe('the watch routes', () => {
  it('create, list, read, change, pause, resume and delete a watch of the caller', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const created = await call(create, { token: A.token, body: body() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const watch = created.body.watch as { id: number; account: string; status: string; delay_minutes: number[] };
    expect(watch).toMatchObject({ account: 'watched_one', status: 'active', delay_minutes: [0, 0] });
    const id = String(watch.id);

    const listed = await call(list, { token: A.token });
    expect((listed.body.watches as { id: number }[]).map((x) => x.id)).toEqual([watch.id]);
    const one = await call(getOne, { token: A.token, params: { id } });
    expect(one.status).toBe(200);
    expect(one.body.watch).toMatchObject({ id: watch.id, posts: [] });

    const changed = await call(patch, { token: A.token, method: 'PATCH', params: { id }, body: { max_posts_per_day: 2, contains: 'launch' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.watch).toMatchObject({ max_posts_per_day: 2, contains: 'launch' });

    expect((await call(pause, { token: A.token, method: 'POST', params: { id } })).body.watch).toMatchObject({ status: 'paused' });
    expect((await call(resume, { token: A.token, method: 'POST', params: { id } })).body.watch).toMatchObject({ status: 'active' });

    expect((await call(remove, { token: A.token, method: 'DELETE', params: { id } })).status).toBe(200);
    expect((await call(getOne, { token: A.token, params: { id } })).status).toBe(404);
  });

  it('answers 404 for another customer’s watch, and changes nothing', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const B = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const created = await call(create, { token: A.token, body: body() });
    const id = String((created.body.watch as { id: number }).id);
    for (const [handler, method] of [
      [getOne, 'GET'],
      [remove, 'DELETE'],
      [pause, 'POST'],
      [resume, 'POST'],
    ] as const) {
      const res = await call(handler, { token: B.token, method, params: { id } });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe('WATCH_NOT_FOUND');
    }
    expect((await call(patch, { token: B.token, method: 'PATCH', params: { id }, body: { max_posts_per_day: 1 } })).status).toBe(404);
    expect((await call(list, { token: B.token })).body.watches).toEqual([]);
    const [row] = await w.t.db.select().from(watches).where(eq(watches.id, Number(id)));
    expect(row).toMatchObject({ status: 'active', maxPostsPerDay: 5 });
  });

  it('refuses bad input with a clear code: a handle of another platform, an end past the package, a cap of 0, unknown profiles, a wrong service, NUL', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ account: 'https://www.instagram.com/someone/' }, 400, 'WATCH_ACCOUNT_INVALID'],
      [{ ends_at: inDays(60) }, 400, 'WATCH_ENDS_AT_INVALID'],
      [{ ends_at: inDays(-1) }, 400, 'WATCH_ENDS_AT_INVALID'],
      [{ max_posts_per_day: 0 }, 400, 'VALIDATION_FAILED'],
      [{ delay_minutes: [30, 5] }, 400, 'VALIDATION_FAILED'],
      [{ profile_ids: [2147483000] }, 400, 'PROFILES_UNAVAILABLE'],
      [{ services: ['reels_like'] }, 400, 'WATCH_SERVICE_INVALID'],
      [{ services: ['new_tweet'] }, 400, 'WATCH_SERVICE_INVALID'],
      [{ account: 'some\u0000one' }, 400, 'VALIDATION_FAILED'],
      [{ contains: 'x'.repeat(101) }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [extra, status, code] of cases) {
      const res = await call(create, { token: A.token, body: body(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect(res.body.code, JSON.stringify(extra)).toBe(code);
    }
    expect(await w.t.db.select().from(watches).where(eq(watches.userId, A.user.id))).toEqual([]);
  });

  it('refuses a watch on a platform whose provider has no account_posts call, without a crash', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const [row] = await w.t.db.select().from(platforms).where(eq(platforms.ad, 'twitter'));
    const { account_posts: _gone, ...without } = row!.apiEndpoints;
    await w.t.db.update(platforms).set({ apiEndpoints: without }).where(eq(platforms.ad, 'twitter'));
    try {
      const res = await call(create, { token: A.token, body: body() });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('WATCH_UNSUPPORTED');
      expect(String(res.body.mesaj)).toMatch(/twitter|x/i);
    } finally {
      await w.t.db.update(platforms).set({ apiEndpoints: row!.apiEndpoints }).where(eq(platforms.ad, 'twitter'));
    }
  });
});

/** A provider that answers these posts, every time (the same post twice, if asked). */
/**
 * A provider answering `posts` for `account` (for every account without one). The earlier tests'
 * watches are due too, with the same profiles: answering them the same post made them race this
 * test's watch for it (the first to commit took the profiles, the other was ALREADY_DONE).
 */
const answering = (posts: ProviderAccountPost[], account?: string): ProviderClient => ({
  ...fastClient(),
  accountPosts: async (_url: string, asked: string) => (account === undefined || asked === account ? posts : []),
});
const postAt = (id: string, at: Date, text = 'hello'): ProviderAccountPost => ({ id, url: `https://x.com/watched_two/status/${id}`, created_at: at.toISOString(), text });

async function watchOf(userId: number, extra: Partial<typeof watches.$inferInsert> = {}) {
  const [row] = await w.t.db
    .insert(watches)
    .values({
      userId,
      platform: 'twitter',
      account: 'watched_two',
      services: ['like', 'retweet'],
      profileIds: await twitterIds(2, 4),
      delayMinMinutes: 0,
      delayMaxMinutes: 0,
      maxPostsPerDay: 10,
      endsAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(Date.now() - 3600_000),
      ...extra,
    })
    .returning();
  return row!;
}

const ordersOfWatch = (watchId: number) => w.t.db.select().from(orders).where(eq(orders.watchId, watchId));
const postsOfWatch = (watchId: number) => w.t.db.select().from(watchPosts).where(eq(watchPosts.watchId, watchId));

describe('the poller', () => {
  it('turns each new post into one order per service, marked with its watch, and ignores posts older than the watch', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const watch = await watchOf(A.user.id);
    const now = new Date();
    const posts = [postAt('1800000000000000101', new Date(now.getTime() - 60_000)), postAt('1800000000000000100', new Date(now.getTime() - 7200_000))];
    const result = await actOnPosts(w.t.db, watch, posts, { now, enqueue: quiet });
    expect(result).toEqual({ ordered: 1, skipped: 0 });
    const made = await ordersOfWatch(watch.id);
    expect(made.map((o) => o.service).sort()).toEqual(['like', 'retweet']);
    expect(made.every((o) => o.targetUrl === posts[0]!.url && o.userId === A.user.id)).toBe(true);
    const [post] = await postsOfWatch(watch.id);
    expect(post).toMatchObject({ postId: '1800000000000000101', status: 'ordered' });
    expect([...post!.orderIds].sort()).toEqual(made.map((o) => o.id).sort());
  });

  it('gives one order set per post when two pollers run at once and the provider answers the same post twice', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const watch = await watchOf(A.user.id, { account: 'watched_three' });
    const now = new Date();
    const post = postAt('1800000000000000200', new Date(now.getTime() - 30_000));
    // The same post twice in one answer, and two pollers with that answer at the same moment.
    const client = answering([post, post], 'watched_three');
    await Promise.all([
      actOnPosts(w.t.db, watch, [post, post], { now, enqueue: quiet }),
      actOnPosts(w.t.db, watch, [post], { now, enqueue: quiet }),
      pollWatches(w.t.db, { now, client, enqueue: quiet, pollSeconds: 60 }),
      pollWatches(w.t.db, { now, client, enqueue: quiet, pollSeconds: 60 }),
    ]);
    // And again later: a retry, a restart.
    await pollWatches(w.t.db, { now: new Date(now.getTime() + 120_000), client, enqueue: quiet, pollSeconds: 60 });
    expect(await postsOfWatch(watch.id)).toHaveLength(1);
    const made = await ordersOfWatch(watch.id);
    expect(made.map((o) => o.service).sort(), JSON.stringify(await postsOfWatch(watch.id))).toEqual(['like', 'retweet']);
  });

  it('skips a post the package cannot cover, with a notice, and keeps the watch on', async () => {
    // A daily limit of one order: the first post takes it, the second cannot be covered.
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 1, profilLimit: 10 } } });
    const watch = await watchOf(A.user.id, { account: 'watched_four', services: ['like'] });
    const now = new Date();
    const posts = [postAt('1800000000000000300', new Date(now.getTime() - 2000)), postAt('1800000000000000301', new Date(now.getTime() - 1000))];
    const result = await actOnPosts(w.t.db, watch, posts, { now, enqueue: quiet });
    expect(result).toEqual({ ordered: 1, skipped: 1 });
    const post = (await postsOfWatch(watch.id)).find((p) => p.postId === '1800000000000000301');
    expect(post).toMatchObject({ status: 'skipped', orderIds: [] });
    expect(post!.reason).toContain('DAILY_LIMIT_EXCEEDED');
    expect(await ordersOfWatch(watch.id)).toHaveLength(1);
    const notes = await w.t.db.select().from(notifications).where(and(eq(notifications.userId, A.user.id), eq(notifications.kind, 'watch_skipped')));
    expect(notes).toHaveLength(1);
    expect((await w.t.db.select().from(watches).where(eq(watches.id, watch.id)))[0]!.status).toBe('active');
  });

  it('keeps to the cap of posts per day', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const watch = await watchOf(A.user.id, { account: 'watched_five', services: ['like'], maxPostsPerDay: 1 });
    const now = new Date();
    const posts = [postAt('1800000000000000401', new Date(now.getTime() - 2000)), postAt('1800000000000000402', new Date(now.getTime() - 1000))];
    expect(await actOnPosts(w.t.db, watch, posts, { now, enqueue: quiet })).toEqual({ ordered: 1, skipped: 1 });
    const rows = await postsOfWatch(watch.id);
    expect(rows.find((r) => r.status === 'skipped')!.reason).toBe('daily_cap');
  });

  it('polls the simulator: a published post becomes orders; a failing provider backs the watch off; a watch past its end ends with a notice', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const watch = await watchOf(A.user.id, { account: 'watched_six', services: ['like'], createdAt: new Date() });
    const res = await fetch(`${w.simUrl}/sim-provider/_control`, { method: 'POST', body: JSON.stringify({ publish: { platform: 'twitter', account: 'watched_six' } }) });
    const { post } = (await res.json()) as { post: { id: string } };
    const first = await pollWatches(w.t.db, { client: fastClient(), enqueue: quiet });
    expect(first.polled).toBeGreaterThanOrEqual(1);
    const rows = await postsOfWatch(watch.id);
    expect(rows.map((r) => r.postId)).toEqual([post.id]);
    expect(await ordersOfWatch(watch.id)).toHaveLength(1);

    // The provider down: failures grow and so does the wait.
    await fetch(`${w.simUrl}/sim-provider/_control`, { method: 'POST', body: JSON.stringify({ mode: 'down' }) });
    try {
      for (let i = 1; i <= 2; i++) {
        const now = new Date(Date.now() + i * 7200_000);
        await pollWatches(w.t.db, { now, client: fastClient(), enqueue: quiet, pollSeconds: 60 });
        const [row] = await w.t.db.select().from(watches).where(eq(watches.id, watch.id));
        expect(row!.failures).toBe(i);
        expect(row!.nextPollAt.getTime() - now.getTime()).toBe(backoffSeconds(60, i) * 1000);
      }
    } finally {
      await fetch(`${w.simUrl}/sim-provider/_control`, { method: 'POST', body: JSON.stringify({ mode: 'normal' }) });
    }

    const ended = await pollWatches(w.t.db, { now: new Date(Date.now() + 2 * 86_400_000), client: fastClient(), enqueue: quiet });
    expect(ended.ended).toBeGreaterThanOrEqual(1);
    expect((await w.t.db.select().from(watches).where(eq(watches.id, watch.id)))[0]!.status).toBe('ended');
    const notes = await w.t.db.select().from(notifications).where(and(eq(notifications.userId, A.user.id), inArray(notifications.kind, ['watch_ended'])));
    expect(notes).toHaveLength(1);
  });
});

/**
 * A database handle that records each select/insert/update by table (transactions included), so a
 * test can count what one round read or wrote.
 */
function recording(db: Db, seen: string[]): Db {
  const wrap = (target: Db): Db =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        if (prop === 'transaction') {
          return (fn: (tx: Db) => Promise<unknown>, ...rest: unknown[]) => (value as (...a: unknown[]) => Promise<unknown>).call(obj, (tx: Db) => fn(wrap(tx)), ...rest);
        }
        if (prop === 'select') {
          return (...args: unknown[]) => {
            const builder = (value as (...a: unknown[]) => { from: (t: Table) => unknown }).apply(obj, args);
            const from = builder.from.bind(builder);
            builder.from = (t: Table) => {
              seen.push(`select ${getTableName(t)}`);
              return from(t);
            };
            return builder;
          };
        }
        if (prop === 'update' || prop === 'insert') {
          return (t: Table) => {
            seen.push(`${String(prop)} ${getTableName(t)}`);
            return (value as (t: Table) => unknown).call(obj, t);
          };
        }
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    }) as Db;
  return wrap(db);
}

describe('the poller’s round (h37b item 1)', () => {
  it('marks the order with its watch in the send’s own insert', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const watch = await watchOf(A.user.id, { account: 'watched_insert' });
    const result = await sendOperation(w.t.db, { id: A.user.id, rol: 'user' }, 'like', { profileIds: watch.profileIds, targetUrl: 'https://x.com/watched_insert/status/1800000000000000901' }, { watchId: watch.id, enqueue: quiet });
    const [row] = await w.t.db.select().from(orders).where(eq(orders.id, result.taskId));
    expect(row!.watchId).toBe(watch.id);
  });

  it('reads the platforms’ endpoints once per round, asks the provider once per account, and writes no order twice', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const B = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const now = new Date();
    // Three watches due: two of one account (two customers), one of another; nothing else due first.
    await w.t.db.update(watches).set({ nextPollAt: new Date(Date.now() + 86_400_000) }).where(eq(watches.status, 'active'));
    const ws = [
      await watchOf(A.user.id, { account: 'round_one', services: ['like'], nextPollAt: now }),
      await watchOf(B.user.id, { account: 'round_one', services: ['like'], nextPollAt: now, profileIds: await twitterIds(2, 8) }),
      await watchOf(A.user.id, { account: 'round_two', services: ['like'], nextPollAt: now }),
    ];
    const asked: string[] = [];
    const client: ProviderClient = {
      ...fastClient(),
      accountPosts: async (_url, account) => {
        asked.push(account);
        return [{ id: `19000000000000${account.length}${asked.length}`, url: `https://x.com/${account}/status/19000000000000${asked.length}`, created_at: new Date(now.getTime() - 1000).toISOString(), text: 'hi' }];
      },
    };
    const seen: string[] = [];
    const result = await pollWatches(recording(w.t.db, seen), { now, client, enqueue: quiet, pollSeconds: 60 });
    expect(result).toMatchObject({ polled: 3, ordered: 3 });
    expect(seen.filter((s) => s === 'select platforms')).toHaveLength(1);
    expect(asked.sort()).toEqual(['round_one', 'round_two']);
    expect(seen.filter((s) => s === 'update orders')).toEqual([]);
    for (const watch of ws) expect((await ordersOfWatch(watch.id)).map((o) => o.watchId)).toEqual([watch.id]);
  });
});

describe('a watch ends with its package (h37b item 3)', () => {
  it('ends a due watch, with a notice naming the reason, when the platform’s package ended before the watch’s end date; a watch without a package goes on', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const B = await makeUser(w.t);
    const now = new Date();
    const withPackage = await watchOf(A.user.id, { account: 'package_one', services: ['like'], nextPollAt: now, endsAt: new Date(now.getTime() + 20 * 86_400_000) });
    const without = await watchOf(B.user.id, { account: 'package_two', services: ['like'], nextPollAt: now, endsAt: new Date(now.getTime() + 20 * 86_400_000) });
    const client = answering([]);
    // Still in force: nothing ends.
    await pollWatches(w.t.db, { now, client, enqueue: quiet, pollSeconds: 60 });
    expect((await w.t.db.select().from(watches).where(eq(watches.id, withPackage.id)))[0]!.status).toBe('active');

    // The package is cancelled (refunded) long before the watch's end.
    await w.t.db.update(userPackages).set({ status: 'cancelled', cancelledAt: new Date(now.getTime() + 1000) }).where(eq(userPackages.userId, A.user.id));
    const later = new Date(now.getTime() + 120_000);
    const result = await pollWatches(w.t.db, { now: later, client, enqueue: quiet, pollSeconds: 60 });
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect((await w.t.db.select().from(watches).where(eq(watches.id, withPackage.id)))[0]!.status).toBe('ended');
    expect((await w.t.db.select().from(watches).where(eq(watches.id, without.id)))[0]!.status).toBe('active');
    const notes = await w.t.db.select().from(notifications).where(and(eq(notifications.userId, A.user.id), eq(notifications.kind, 'watch_ended')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params).toMatchObject({ account: 'package_one', reason: 'package' });
    expect(renderNotification('en', 'watch_ended', notes[0]!.params as Record<string, string>).body).toMatch(/package ended before/);
    expect(renderNotification('de', 'watch_ended', { account: 'x', platform: 'twitter' }).body).toMatch(/Enddatum erreicht/);
    // Ended once: a later round sends no second notice.
    await pollWatches(w.t.db, { now: new Date(later.getTime() + 120_000), client, enqueue: quiet, pollSeconds: 60 });
    expect(await w.t.db.select().from(notifications).where(and(eq(notifications.userId, A.user.id), eq(notifications.kind, 'watch_ended')))).toHaveLength(1);
  });
});

describe('the profile choice: ticked, a crew, or the best N (h37b item 4)', () => {
  const crewOf = async (userId: number, ids: number[], name = `crew ${Math.random()}`) =>
    (await w.t.db.insert(crews).values({ userId, platform: 'twitter', name, profileIds: ids }).returning())[0]!;

  it('takes exactly one of profile_ids, crew_id and best_n; another customer’s crew is 404 and changes nothing; best_n beyond the package is refused', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 3 } } });
    const B = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 3 } } });
    const own = await crewOf(A.user.id, await twitterIds(2, 12));
    const theirs = await crewOf(B.user.id, await twitterIds(2, 12));
    const { profile_ids: _ids, ...noChoice } = body();

    const byCrew = await call(create, { token: A.token, body: { ...noChoice, crew_id: own.id } });
    expect(byCrew.status, JSON.stringify(byCrew.body)).toBe(201);
    expect(byCrew.body.watch).toMatchObject({ crew_id: own.id, best_n: null, profile_ids: [] });
    const byBest = await call(create, { token: A.token, body: { ...noChoice, best_n: 2 } });
    expect(byBest.status, JSON.stringify(byBest.body)).toBe(201);
    expect(byBest.body.watch).toMatchObject({ crew_id: null, best_n: 2, profile_ids: [] });

    const before = (await w.t.db.select().from(watches).where(eq(watches.userId, A.user.id))).length;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...noChoice, crew_id: theirs.id }, 404, 'CREW_NOT_FOUND'],
      [{ ...noChoice, crew_id: 2147483000 }, 404, 'CREW_NOT_FOUND'],
      [noChoice, 400, 'VALIDATION_FAILED'],
      [{ ...body(), crew_id: own.id }, 400, 'VALIDATION_FAILED'],
      [{ ...noChoice, crew_id: own.id, best_n: 2 }, 400, 'VALIDATION_FAILED'],
      [{ ...noChoice, best_n: 0 }, 400, 'VALIDATION_FAILED'],
      [{ ...noChoice, best_n: 4 }, 400, 'PROFILE_LIMIT_EXCEEDED'],
    ];
    for (const [input, status, code] of cases) {
      const res = await call(create, { token: A.token, body: input });
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect(res.body.code, JSON.stringify(input)).toBe(code);
    }
    const en = await call(create, { token: A.token, headers: { 'accept-language': 'en' }, body: noChoice });
    expect(String(en.body.mesaj)).toMatch(/ticked profiles, a crew or the best/i);
    expect((await w.t.db.select().from(watches).where(eq(watches.userId, A.user.id))).length).toBe(before);

    // PATCH: a new choice replaces the old one; another customer's crew changes nothing.
    const id = String((byCrew.body.watch as { id: number }).id);
    const moved = await call(patch, { token: A.token, method: 'PATCH', params: { id }, body: { best_n: 1 } });
    expect(moved.body.watch).toMatchObject({ crew_id: null, best_n: 1, profile_ids: [] });
    const refused = await call(patch, { token: A.token, method: 'PATCH', params: { id }, body: { crew_id: theirs.id } });
    expect(refused.status).toBe(404);
    expect((await call(getOne, { token: A.token, params: { id } })).body.watch).toMatchObject({ crew_id: null, best_n: 1 });
  });

  it('acts on each post with the crew’s profiles active at that moment, within the package’s cap, the order naming the crew', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 2 } } });
    const ids = await twitterIds(3, 14);
    const crew = await crewOf(A.user.id, ids);
    const watch = await watchOf(A.user.id, { account: 'crew_one', services: ['like'], profileIds: [], crewId: crew.id });
    // One member is taken out of the pool after the watch was made.
    await w.t.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, ids[0]!));
    try {
      const now = new Date();
      await actOnPosts(w.t.db, watch, [postAt('1800000000000000701', new Date(now.getTime() - 1000))], { now, enqueue: quiet });
      const [order] = await ordersOfWatch(watch.id);
      expect(order!.profileIds).toEqual([ids[1], ids[2]]);
      expect(order!.crewId).toBe(crew.id);

      // The cap: a package of one profile takes the first active member only.
      await w.t.db.update(userPackages).set({ profilLimit: 1 }).where(eq(userPackages.userId, A.user.id));
      await actOnPosts(w.t.db, watch, [postAt('1800000000000000702', new Date(now.getTime() - 500))], { now, enqueue: quiet });
      const second = (await ordersOfWatch(watch.id)).find((o) => o.targetUrl!.endsWith('702'));
      expect(second!.profileIds).toEqual([ids[1]]);

      // The crew deleted: the post is skipped with that reason.
      await w.t.db.delete(crews).where(eq(crews.id, crew.id));
      const [gone] = await w.t.db.select().from(watches).where(eq(watches.id, watch.id));
      await actOnPosts(w.t.db, gone!, [postAt('1800000000000000703', new Date(now.getTime() - 100))], { now, enqueue: quiet });
      const skipped = (await postsOfWatch(watch.id)).find((p) => p.postId === '1800000000000000703');
      expect(skipped).toMatchObject({ status: 'skipped', reason: 'CREW_NOT_FOUND' });
    } finally {
      await w.t.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, ids[0]!));
    }
  });

  it('acts on each post with the best N profiles by the match score for that post', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const [x, y] = await twitterIds(2, 18);
    const saved = await w.t.db.select({ id: profiles.id, languages: profiles.languages, niches: profiles.niches }).from(profiles).where(inArray(profiles.id, [x!, y!]));
    // Two profiles read Icelandic about a made-up niche; the post is one of those.
    await w.t.db.update(profiles).set({ languages: ['is'], niches: ['h37b-niche'] }).where(inArray(profiles.id, [x!, y!]));
    try {
      const watch = await watchOf(A.user.id, { account: 'best_one', services: ['like'], profileIds: [], bestN: 2 });
      const client: ProviderClient = { ...fastClient(), targetInfo: async () => ({ language: 'is', niche: 'h37b-niche' }) };
      const now = new Date();
      await actOnPosts(w.t.db, watch, [postAt('1800000000000000801', new Date(now.getTime() - 1000))], { now, enqueue: quiet, client });
      const [order] = await ordersOfWatch(watch.id);
      expect([...order!.profileIds].sort()).toEqual([x, y].sort());
    } finally {
      for (const r of saved) await w.t.db.update(profiles).set({ languages: r.languages, niches: r.niches }).where(eq(profiles.id, r.id));
    }
  });
});

describe('the "posts acted on" notice (h37b item 5)', () => {
  it('is grouped: at most one per watch per hour, counting the posts since the last one; by mail when the customer chose it', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    await updatePreferences(w.t.db, A.user.id, { channels: { watch_acted: { email: true } } });
    const B = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const t0 = new Date();
    // Nothing else due in these rounds.
    await w.t.db.update(watches).set({ nextPollAt: new Date(t0.getTime() + 30 * 86_400_000) }).where(eq(watches.status, 'active'));
    const wa = await watchOf(A.user.id, { account: 'acted_one', services: ['like'], nextPollAt: t0, createdAt: new Date(t0.getTime() - 3600_000) });
    const wb = await watchOf(B.user.id, { account: 'acted_two', services: ['like'], nextPollAt: t0, createdAt: new Date(t0.getTime() - 3600_000) });
    let posts: ProviderAccountPost[] = [];
    const client: ProviderClient = { ...fastClient(), accountPosts: async (_u, account) => posts.filter((p) => p.url.includes(`/${account}/`)) };
    const post = (account: string, id: string, at: Date) => ({ id, url: `https://x.com/${account}/status/${id}`, created_at: at.toISOString(), text: 'x' });
    const actedOf = async (userId: number) => w.t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'watch_acted')));
    const round = async (at: Date) => {
      await w.t.db.update(watches).set({ nextPollAt: at }).where(inArray(watches.id, [wa.id, wb.id]));
      await pollWatches(w.t.db, { now: at, client, enqueue: quiet, pollSeconds: 60 });
    };
    const mailsBefore = (await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.to, A.user.email))).length;

    // The first post: told at once.
    posts = [post('acted_one', '1800000000000001001', new Date(t0.getTime() - 1000)), post('acted_two', '1800000000000001002', new Date(t0.getTime() - 1000))];
    await round(t0);
    expect((await actedOf(A.user.id)).map((n) => n.params)).toEqual([expect.objectContaining({ account: 'acted_one', count: 1 })]);
    // Two more within the hour: no notice yet.
    const t1 = new Date(t0.getTime() + 120_000);
    posts = [...posts, post('acted_one', '1800000000000001003', t1), post('acted_one', '1800000000000001004', t1)];
    await round(t1);
    expect(await actedOf(A.user.id)).toHaveLength(1);
    // The hour passed: one notice for both.
    const t2 = new Date(t0.getTime() + 3600_000 + 1000);
    await round(t2);
    const notes = await actedOf(A.user.id);
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => (n.params as { count: number }).count).sort()).toEqual([1, 2]);
    // Nothing new: nothing more.
    await round(new Date(t2.getTime() + 3600_000 + 1000));
    expect(await actedOf(A.user.id)).toHaveLength(2);
    // B did not choose mail (the default): in the app only; A gets the mails too.
    expect(await actedOf(B.user.id)).toHaveLength(1);
    const mails = await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.to, A.user.email));
    expect(mails.length - mailsBefore).toBe(2);
    expect(mails.at(-1)!.text).toMatch(/2/);
    expect((await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.to, B.user.email)))).toHaveLength(0);
    expect(renderNotification('en', 'watch_acted', { account: 'acted_one', platform: 'twitter', count: 2 }).body).toMatch(/for 2 new posts of @acted_one/);
  });
});
