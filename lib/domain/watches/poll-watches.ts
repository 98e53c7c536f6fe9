import 'server-only';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, platforms, watches, watchPosts } from '@/db/schema';
import { env } from '@/env';
import type { Service } from '@/lib/domain/catalogue/services';
import { announceNotifications, notify } from '@/lib/domain/notifications';
import { sendOperation, type SendOptions } from '@/lib/domain/operations';
import { createProviderClient, ProviderError, type ProviderAccountPost, type ProviderClient } from '@/lib/domain/provider';
import { AppError } from '@/lib/infra/errors';
import { logger } from '@/logger';

type WatchRow = typeof watches.$inferSelect;

export type PollOptions = {
  now?: Date;
  client?: ProviderClient;
  /** Each watch's period (default WATCH_POLL_SECONDS). */
  pollSeconds?: number;
  /** Watches polled per round at most. */
  limit?: number;
  /** Tests: the random source of each post's delay. */
  random?: () => number;
  /** Passed to the send (tests enqueue nothing). */
  enqueue?: SendOptions['enqueue'];
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
  const pollSeconds = options.pollSeconds ?? env.WATCH_POLL_SECONDS;
  const ended = await endWatches(db, now);
  const claimed = await db.transaction(async (tx) => {
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
  let ordered = 0;
  let skipped = 0;
  for (const watch of claimed) {
    const result = await pollWatch(db, watch, { ...options, now, pollSeconds, client });
    ordered += result.ordered;
    skipped += result.skipped;
  }
  return { polled: claimed.length, ordered, skipped, ended };
}

async function endWatches(db: Db, now: Date): Promise<number> {
  const rows = await db.transaction(async (tx) => {
    const done = await tx
      .update(watches)
      .set({ status: 'ended' })
      .where(and(inArray(watches.status, ['active', 'paused']), lte(watches.endsAt, now)))
      .returning({ id: watches.id, userId: watches.userId, platform: watches.platform, account: watches.account });
    for (const w of done) await notify(tx, { userId: w.userId, kind: 'watch_ended', params: { platform: w.platform, account: w.account }, link: '/panel/watch' });
    return done;
  });
  if (rows.length) announceNotifications(rows.map((r) => r.userId));
  return rows.length;
}

/** Asks the provider once for one watch's posts and acts on the new ones. A failure backs the watch off. */
export async function pollWatch(
  db: Db,
  watch: WatchRow,
  options: PollOptions & { now: Date; pollSeconds: number; client: ProviderClient },
): Promise<{ ordered: number; skipped: number }> {
  const { now, pollSeconds, client } = options;
  let posts: ProviderAccountPost[];
  try {
    const [row] = await db.select({ apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, watch.platform));
    if (!client.accountPosts) throw new ProviderError('not_configured', 'account_posts is not offered by this client');
    posts = await client.accountPosts(row?.apiEndpoints.account_posts ?? '', watch.account);
  } catch (err) {
    const failures = watch.failures + 1;
    const kind = (err as { kind?: string }).kind ?? 'error';
    logger.warn({ watchId: watch.id, kind, failures }, 'watch poll failed; backing off');
    await db
      .update(watches)
      .set({ failures, lastError: String(kind).slice(0, 100), lastPolledAt: now, nextPollAt: new Date(now.getTime() + backoffSeconds(pollSeconds, failures) * 1000) })
      .where(eq(watches.id, watch.id));
    return { ordered: 0, skipped: 0 };
  }
  await db.update(watches).set({ failures: 0, lastError: null, lastPolledAt: now }).where(eq(watches.id, watch.id));
  return actOnPosts(db, watch, posts, options);
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
          { profileIds: profilesForPost(watch, options.random ?? Math.random), targetUrl: post.url, prompt: watch.prompt ?? undefined, startAt, spreadMinutes: watch.spreadMinutes },
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
    if (orderIds.length) await tx.update(orders).set({ watchId: watch.id }).where(inArray(orders.id, orderIds));
    const status = orderIds.length > 0 ? ('ordered' as const) : ('skipped' as const);
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
  if (done) await notify(tx, { userId: watch.userId, kind: 'watch_ended', params: { platform: watch.platform, account: watch.account }, link: '/panel/watch' });
  return !!done;
}

/**
 * The maintenance task of the polling (server/background.ts): offered every 5 s (the least
 * WATCH_POLL_SECONDS may be), worked by one node at a time (pg-boss singleton); each watch's own
 * period is its next_poll_at, so a round with nothing due is one indexed query.
 */
export const WATCH_TASK = { task: 'watch' as const, everyMs: 5_000, run: (db: Db) => pollWatches(db) };
