import 'server-only';
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { platforms, userPackages, watches, watchPosts } from '@/db/schema';
import { inForce } from '@/lib/domain/subscriptions';
import type { Service } from '@/lib/domain/catalogue/services';
import { announceNotifications, notify } from '@/lib/domain/notifications';
import { sendOperation, type SendOptions } from '@/lib/domain/operations';
import { createProviderClient, ProviderError, type ProviderAccountPost, type ProviderClient } from '@/lib/domain/provider';
import { AppError } from '@/lib/infra/errors';
import { watchPollSeconds } from '@/lib/domain/settings';
import { logger } from '@/logger';
import { rowsOf } from '@/db/rows';
import { pickWatchProfiles, type WatchPick } from './pick-watch-profiles';

type WatchRow = typeof watches.$inferSelect;

export type PollOptions = {
  now?: Date;
  client?: ProviderClient;
  /** Each watch's period (default: the site setting watch_poll_seconds). */
  pollSeconds?: number;
  /** Watches polled per round at most. */
  limit?: number;
  /** Tests: the random source of each post's delay. */
  random?: () => number;
  /** Passed to the send (tests enqueue nothing). */
  enqueue?: SendOptions['enqueue'];
  /**
   * Tests only: called inside a new post's transaction, after its row and orders are written and
   * before the commit (watch-crash.test.ts kills the process there with SIGKILL).
   */
  beforeCommit?: (postId: string) => Promise<void>;
};

/** Backoff of a failing watch: the period doubled per failure in a row, at most an hour. */
export const MAX_BACKOFF_SECONDS = 3600;
export function backoffSeconds(pollSeconds: number, failures: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, pollSeconds * 2 ** Math.min(failures, 20));
}

/** Refusals that mean "the package or the balance cannot cover this post": the post is skipped with a notice, never queued. */
const SKIP_NOTICE = new Set(['DAILY_LIMIT_EXCEEDED', 'INSUFFICIENT_BALANCE', 'NO_PACKAGE', 'PROFILE_LIMIT_EXCEEDED']);

/**
 * One polling round (issue #37, docs/watch.md), run by the maintenance queue once across nodes:
 * watches past their end become `ended` (with a notice); then the due active watches are claimed
 * (next_poll_at moved ahead under SKIP LOCKED, so two rounds never poll one watch together) and
 * each asks the provider for its account's posts.
 */
export async function pollWatches(db: Db, options: PollOptions = {}): Promise<{ polled: number; ordered: number; skipped: number; ended: number }> {
  const now = options.now ?? new Date();
  const pollSeconds = options.pollSeconds ?? (await watchPollSeconds(db));
  let ended = await endWatches(db, now);
  let claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: watches.id })
      .from(watches)
      .where(and(eq(watches.status, 'active'), lte(watches.nextPollAt, now)))
      .orderBy(asc(watches.nextPollAt))
      .limit(options.limit ?? 500)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(watches)
      .set({ nextPollAt: new Date(now.getTime() + pollSeconds * 1000) })
      .where(inArray(watches.id, due.map((d) => d.id)))
      .returning();
  });
  const client = options.client ?? createProviderClient({ timeoutMs: 8000, retries: 1 });
  if (claimed.length === 0) {
    // Posts acted on earlier whose hour has passed are told even in a round with nothing due.
    await flushActedNotices(db, now);
    return { polled: 0, ordered: 0, skipped: 0, ended };
  }
  // A due watch whose package for the platform has ended before the watch's end date ends now.
  const lost = await endWithoutPackage(db, claimed, now);
  ended += lost.size;
  claimed = claimed.filter((w) => !lost.has(w.id));
  // The platforms' endpoints, read once for the round (not once per watch).
  const endpoints = await roundEndpoints(db);
  // One account watched by several watches is asked once: the answer serves each of them.
  const byAccount = new Map<string, WatchRow[]>();
  for (const watch of claimed) {
    const key = `${watch.platform}|${watch.account.toLowerCase()}`;
    byAccount.set(key, [...(byAccount.get(key) ?? []), watch]);
  }
  let ordered = 0;
  let skipped = 0;
  const groups = [...byAccount.values()];
  let next = 0;
  // A few accounts at a time: the provider's answers overlap, the database sees a few sends at once.
  const worker = async () => {
    while (next < groups.length) {
      const group = groups[next++]!;
      const result = await pollAccount(db, group, { ...options, now, pollSeconds, client, endpoints });
      ordered += result.ordered;
      skipped += result.skipped;
    }
  };
  await Promise.all(Array.from({ length: Math.min(POLL_CONCURRENCY, groups.length) }, worker));
  await flushActedNotices(db, now);
  return { polled: claimed.length, ordered, skipped, ended };
}

/** At most one "posts acted on" notice per watch in this long. */
export const ACTED_NOTICE_EVERY_MS = 3600_000;

/**
 * Item 6 of issue #37: the "posts acted on" notice, grouped. Each post acted on adds one to its
 * watch's `unnoticed_posts` (in the post's own transaction); a watch with some whose last notice
 * is an hour old or more (or that never had one) gets one notice naming how many posts were acted
 * on since, and its count starts again. Run at each round, so the first post of a quiet hour is
 * told at once and later ones wait for the hour's end. Rows locked by a post being acted on are
 * skipped and told at the next round. In the app and, by the customer's preference, by mail
 * (notify()).
 */
export async function flushActedNotices(db: Db, now: Date): Promise<number> {
  const told = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: watches.id, userId: watches.userId, platform: watches.platform, account: watches.account, count: watches.unnoticedPosts })
      .from(watches)
      .where(and(gt(watches.unnoticedPosts, 0), or(isNull(watches.noticedAt), lte(watches.noticedAt, new Date(now.getTime() - ACTED_NOTICE_EVERY_MS)))))
      .limit(500)
      .for('update', { skipLocked: true });
    for (const w of due) {
      await notify(tx, { userId: w.userId, kind: 'watch_acted', params: { platform: w.platform, account: w.account, count: w.count }, link: '/panel/watch' });
    }
    if (due.length) await tx.update(watches).set({ unnoticedPosts: 0, noticedAt: now }).where(inArray(watches.id, due.map((w) => w.id)));
    return due;
  });
  if (told.length) announceNotifications(told.map((w) => w.userId));
  return told.length;
}

/** Accounts asked at once in one round. */
const POLL_CONCURRENCY = 8;

/** Each platform's provider endpoints (platforms.api_endpoints), read once per round. */
async function roundEndpoints(db: Db): Promise<Map<string, Record<string, string>>> {
  const rows = await db.select({ ad: platforms.ad, apiEndpoints: platforms.apiEndpoints }).from(platforms);
  return new Map(rows.map((r) => [r.ad, r.apiEndpoints]));
}

/**
 * Ends the watches (among these due ones) created while the customer had a package for the
 * platform, that has no package in force there any more: the package ended (expired early,
 * cancelled, refunded) before the watch's end date. A watch created paying per action, without a
 * package, is not ended so. Checked when a watch is due, so a paused watch ends at its resume.
 */
async function endWithoutPackage(db: Db, due: WatchRow[], now: Date): Promise<Set<number>> {
  const ids = due.map((w) => w.id);
  const rows = await db.transaction(async (tx) => {
    const found = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select w.id from watches w
         where w.id in (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}) and w.status = 'active'
           and exists (select 1 from user_packages up
                        where up.user_id = w.user_id and up.platform = w.platform
                          and up.starts_at <= w.created_at and up.ends_at > w.created_at
                          and (up.cancelled_at is null or up.cancelled_at > w.created_at))
           and not exists (select 1 from ${userPackages}
                            where ${userPackages.userId} = w.user_id and ${userPackages.platform} = w.platform and ${inForce(now)})`),
    ).map((r) => Number(r.id));
    if (found.length === 0) return [];
    const done = await tx
      .update(watches)
      .set({ status: 'ended' })
      .where(and(inArray(watches.id, found), eq(watches.status, 'active')))
      .returning({ id: watches.id, userId: watches.userId, platform: watches.platform, account: watches.account });
    for (const w of done) await notify(tx, { userId: w.userId, kind: 'watch_ended', params: { platform: w.platform, account: w.account, reason: 'package' }, link: '/panel/watch' });
    return done;
  });
  if (rows.length) announceNotifications(rows.map((r) => r.userId));
  return new Set(rows.map((r) => r.id));
}

async function endWatches(db: Db, now: Date): Promise<number> {
  const rows = await db.transaction(async (tx) => {
    const done = await tx
      .update(watches)
      .set({ status: 'ended' })
      .where(and(inArray(watches.status, ['active', 'paused']), lte(watches.endsAt, now)))
      .returning({ id: watches.id, userId: watches.userId, platform: watches.platform, account: watches.account });
    for (const w of done) await notify(tx, { userId: w.userId, kind: 'watch_ended', params: { platform: w.platform, account: w.account, reason: 'end_date' }, link: '/panel/watch' });
    return done;
  });
  if (rows.length) announceNotifications(rows.map((r) => r.userId));
  return rows.length;
}

type RoundOptions = PollOptions & { now: Date; pollSeconds: number; client: ProviderClient; endpoints?: Map<string, Record<string, string>> };

/** Asks the provider once for one watch's posts and acts on the new ones. A failure backs the watch off. */
export async function pollWatch(db: Db, watch: WatchRow, options: RoundOptions): Promise<{ ordered: number; skipped: number }> {
  return pollAccount(db, [watch], options);
}

/**
 * Asks the provider once for the posts of one account and acts on the new ones for each watch of
 * it. A failure backs each of them off.
 */
async function pollAccount(db: Db, group: WatchRow[], options: RoundOptions): Promise<{ ordered: number; skipped: number }> {
  const { now, pollSeconds, client } = options;
  const first = group[0]!;
  const ids = group.map((w) => w.id);
  let posts: ProviderAccountPost[];
  try {
    const apiEndpoints = options.endpoints ? options.endpoints.get(first.platform) : (await roundEndpoints(db)).get(first.platform);
    if (!client.accountPosts) throw new ProviderError('not_configured', 'account_posts is not offered by this client');
    posts = await client.accountPosts(apiEndpoints?.account_posts ?? '', first.account);
  } catch (err) {
    const kind = (err as { kind?: string }).kind ?? 'error';
    logger.warn({ watchIds: ids, kind }, 'watch poll failed; backing off');
    for (const watch of group) {
      const failures = watch.failures + 1;
      await db
        .update(watches)
        .set({ failures, lastError: String(kind).slice(0, 100), lastPolledAt: now, nextPollAt: new Date(now.getTime() + backoffSeconds(pollSeconds, failures) * 1000) })
        .where(eq(watches.id, watch.id));
    }
    return { ordered: 0, skipped: 0 };
  }
  await db.update(watches).set({ failures: 0, lastError: null, lastPolledAt: now }).where(inArray(watches.id, ids));
  let ordered = 0;
  let skipped = 0;
  for (const watch of group) {
    const result = await actOnPosts(db, watch, posts, options);
    ordered += result.ordered;
    skipped += result.skipped;
  }
  return { ordered, skipped };
}

/**
 * Acts on each new post at most once per watch: the post's row is inserted with ON CONFLICT DO
 * NOTHING on (watch_id, post_id), and only the transaction whose insert happened sends its
 * orders, in that same transaction, so a retry, a second node or the provider answering the post
 * twice finds the row and does nothing, and a crash before the commit leaves neither row nor order.
 */
export async function actOnPosts(db: Db, watch: WatchRow, posts: ProviderAccountPost[], options: PollOptions & { now: Date }): Promise<{ ordered: number; skipped: number }> {
  let ordered = 0;
  let skipped = 0;
  const seen = new Set<string>();
  const fresh = posts
    .filter((p) => Date.parse(p.created_at) >= watch.createdAt.getTime())
    .filter((p) => !watch.contains || p.text.toLowerCase().includes(watch.contains.toLowerCase()))
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  if (fresh.length === 0) return { ordered, skipped };
  // Posts this watch already has (most of each answer): left alone without a transaction each.
  // The insert's ON CONFLICT below stays the guard against a second poller between the two.
  const known = await db
    .select({ postId: watchPosts.postId })
    .from(watchPosts)
    .where(and(eq(watchPosts.watchId, watch.id), inArray(watchPosts.postId, [...new Set(fresh.map((p) => p.id))])));
  for (const k of known) seen.add(k.postId);
  for (const post of fresh) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    const outcome = await actOnPost(db, watch, post, options);
    if (outcome === 'ordered') ordered++;
    else if (outcome === 'skipped') skipped++;
  }
  return { ordered, skipped };
}

async function actOnPost(db: Db, watch: WatchRow, post: ProviderAccountPost, options: PollOptions & { now: Date }): Promise<'ordered' | 'skipped' | 'known'> {
  const { now } = options;
  const notified: number[] = [];
  // Which profiles act on this post (ticked, the crew's active ones, or the best N for it), read
  // before the transaction: the best N asks the provider about the post (target_info).
  let pick: WatchPick | { error: string };
  try {
    pick = await pickWatchProfiles(db, watch, post.url, { now, client: options.client });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    pick = { error: err.code };
  }
  const outcome = await db.transaction(async (tx) => {
    if (await postsTotalReached(tx, watch)) return 'known' as const;
    const [inserted] = await tx
      .insert(watchPosts)
      .values({ watchId: watch.id, postId: post.id, postUrl: post.url, postedAt: new Date(post.created_at), foundAt: now, status: 'skipped' })
      .onConflictDoNothing({ target: [watchPosts.watchId, watchPosts.postId] })
      .returning({ id: watchPosts.id });
    if (!inserted) return 'known' as const;

    // The watch's cap: posts acted on in the last 24 hours.
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(watchPosts)
      .where(and(eq(watchPosts.watchId, watch.id), eq(watchPosts.status, 'ordered'), gte(watchPosts.foundAt, new Date(now.getTime() - 86_400_000))));
    if (Number(n) >= watch.maxPostsPerDay) {
      await tx.update(watchPosts).set({ reason: 'daily_cap' }).where(eq(watchPosts.id, inserted.id));
      return 'skipped' as const;
    }

    if ('error' in pick) {
      await tx.update(watchPosts).set({ reason: pick.error }).where(eq(watchPosts.id, inserted.id));
      return 'skipped' as const;
    }
    const chosen = pick;
    const random = options.random ?? Math.random;
    const delayMinutes = watch.delayMinMinutes + Math.floor(random() * (watch.delayMaxMinutes - watch.delayMinMinutes + 1));
    const startMs = Math.max(Date.parse(post.created_at) + delayMinutes * 60_000, now.getTime());
    const startAt = startMs > now.getTime() ? new Date(startMs).toISOString() : undefined;
    const orderIds: string[] = [];
    const reasons: string[] = [];
    for (const service of watch.services) {
      try {
        const result = await sendOperation(
          tx,
          { id: watch.userId, rol: 'user' },
          service as Service,
          { profileIds: profilesForPost({ ...watch, profileIds: chosen.profileIds }, options.random ?? Math.random), crewId: chosen.crewId, targetUrl: post.url, prompt: watch.prompt ?? undefined, startAt, spreadMinutes: watch.spreadMinutes },
          { now, watchId: watch.id, ...(options.enqueue ? { enqueue: options.enqueue } : {}) },
        );
        orderIds.push(result.taskId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reasons.push(`${service}:${err.code}`);
        if (SKIP_NOTICE.has(err.code) && !notified.includes(watch.userId)) {
          notified.push(watch.userId);
          await notify(tx, { userId: watch.userId, kind: 'watch_skipped', params: { platform: watch.platform, account: watch.account, reason: err.code }, link: '/panel/watch' });
        }
      }
    }
    const status = orderIds.length > 0 ? ('ordered' as const) : ('skipped' as const);
    // Item 6: counted for the grouped "posts acted on" notice (flushActedNotices).
    if (status === 'ordered') await tx.update(watches).set({ unnoticedPosts: sql`${watches.unnoticedPosts} + 1` }).where(eq(watches.id, watch.id));
    if (options.beforeCommit) await options.beforeCommit(post.id);
    await tx
      .update(watchPosts)
      .set({ status, orderIds, reason: reasons.length ? reasons.join(' ').slice(0, 500) : null })
      .where(eq(watchPosts.id, inserted.id));
    if (status === 'ordered' && (await endIfPostsDone(tx, watch))) notified.push(watch.userId);
    return status;
  });
  if (notified.length) announceNotifications(notified);
  return outcome;
}

/**
 * Issue #37 item 4 (a reseller subscription's `min`/`max`): the profiles acting on one post, a
 * random count in [per_post_min, per_post_max] of the watch's profiles, chosen at random; all of
 * them when the watch has no such range.
 */
export function profilesForPost(watch: Pick<WatchRow, 'profileIds' | 'perPostMin' | 'perPostMax'>, random: () => number): number[] {
  if (watch.perPostMin === null || watch.perPostMax === null) return watch.profileIds;
  const max = Math.min(watch.perPostMax, watch.profileIds.length);
  const min = Math.min(watch.perPostMin, max);
  const count = min + Math.floor(random() * (max - min + 1));
  const pool = [...watch.profileIds];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/** Posts acted on by a watch (the count its `posts_total` is compared with). */
async function postsActedOn(tx: Db, watchId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(watchPosts)
    .where(and(eq(watchPosts.watchId, watchId), eq(watchPosts.status, 'ordered')));
  return Number(n);
}

/**
 * Issue #37 item 4: a watch with a total of posts (a subscription's `posts`) acts on no post once
 * that many were acted on, or once it has ended (cancelled meanwhile). The watch's row is locked
 * for the post's transaction, so two pollers never both take the last post.
 */
async function postsTotalReached(tx: Db, watch: WatchRow): Promise<boolean> {
  if (watch.postsTotal === null) return false;
  const [row] = await tx.select({ status: watches.status }).from(watches).where(eq(watches.id, watch.id)).for('update');
  return !row || row.status === 'ended' || (await postsActedOn(tx, watch.id)) >= watch.postsTotal;
}

/** After a post acted on: a watch that reached its total of posts ends (reason `posts`), with a notice. True when it ended. */
async function endIfPostsDone(tx: Db, watch: WatchRow): Promise<boolean> {
  if (watch.postsTotal === null || (await postsActedOn(tx, watch.id)) < watch.postsTotal) return false;
  const [done] = await tx
    .update(watches)
    .set({ status: 'ended', endReason: 'posts' })
    .where(and(eq(watches.id, watch.id), sql`${watches.status} <> 'ended'`))
    .returning({ id: watches.id });
  if (done) await notify(tx, { userId: watch.userId, kind: 'watch_ended', params: { platform: watch.platform, account: watch.account, reason: 'posts', posts: watch.postsTotal! }, link: '/panel/watch' });
  return !!done;
}

/**
 * The maintenance task of the polling (server/background.ts): offered every 5 s (the least
 * watch_poll_seconds may be), worked by one node at a time (pg-boss singleton); each watch's own
 * period is its next_poll_at, so a round with nothing due is one indexed query.
 */
export const WATCH_TASK = { task: 'watch' as const, everyMs: 5_000, run: (db: Db) => pollWatches(db) };
