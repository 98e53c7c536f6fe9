import 'server-only';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, platforms, profiles, userPackages, watches, watchPosts } from '@/db/schema';
import { PLATFORMS, platformOfService, type Platform } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { durumOf } from '@/lib/domain/order-figures';
import { inForce } from '@/lib/domain/subscriptions';
import { crewForSend } from '@/lib/domain/crews';
import { platformDescriptor } from '@/platforms';
import { parseAccount } from './account';
import { WATCH_LIMITS, type CreateWatchInput, type UpdateWatchInput } from './schemas';
import type { WatchPostView, WatchView } from './responses';

type WatchRow = typeof watches.$inferSelect;

/** The services a watch may run: those acting on a post with a link (and a prompt), not a new post of one's own. */
export function watchableServices(platform: string): string[] {
  return (platformDescriptor(platform)?.services ?? []).filter((s) => s.input !== 'text' && s.targets.includes('post')).map((s) => s.key);
}

export function toView(row: WatchRow, postsFound: number): WatchView {
  return {
    id: row.id,
    platform: row.platform,
    account: row.account,
    services: row.services,
    profile_ids: row.profileIds,
    crew_id: row.crewId,
    best_n: row.bestN,
    prompt: row.prompt,
    delay_minutes: [row.delayMinMinutes, row.delayMaxMinutes],
    spread_minutes: row.spreadMinutes,
    max_posts_per_day: row.maxPostsPerDay,
    ends_at: row.endsAt.toISOString(),
    contains: row.contains,
    status: row.status,
    last_polled_at: row.lastPolledAt?.toISOString() ?? null,
    failures: row.failures,
    next_poll_at: row.nextPollAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    posts_found: postsFound,
  };
}

type Settings = {
  services: string[];
  /** Exactly one choice: ticked profiles (non-empty), a crew, or the best N. */
  profileIds: number[];
  crewId: number | null;
  bestN: number | null;
  prompt: string | null;
  endsAt: Date;
};

/**
 * The rules a watch's settings must meet, at creation and at each change: the provider can list
 * the account's posts (the platform's account_posts endpoint is set), each service acts on posts
 * of this platform and has its endpoint, the profiles are active profiles of the platform within
 * the package's profile limit, and the end lies ahead and within the package's end (or, paying per
 * action without a package, within a year).
 */
export async function checkSettings(db: Db, userId: number, platform: Platform, s: Settings, now: Date): Promise<void> {
  const [row] = await db.select({ aktif: platforms.aktif, apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, platform));
  if (!row?.aktif) throw new AppError('PLATFORM_INACTIVE', { params: { platform } });
  if (!row.apiEndpoints.account_posts) throw new AppError('WATCH_UNSUPPORTED', { params: { platform } });
  const allowed = watchableServices(platform);
  for (const service of s.services) {
    if (!allowed.includes(service) || platformOfService(service) !== platform || !row.apiEndpoints[service]) {
      throw new AppError('WATCH_SERVICE_INVALID', { params: { service } });
    }
  }
  if (s.profileIds.length > 0) {
    const found = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(inArray(profiles.id, s.profileIds), eq(profiles.platform, platform), eq(profiles.status, 'active')));
    if (found.length !== s.profileIds.length) throw new AppError('PROFILES_UNAVAILABLE');
  }
  // The caller's own crew of this platform (another customer's: CREW_NOT_FOUND, as everywhere).
  if (s.crewId !== null) await crewForSend(db, { userId, platform, ref: s.crewId });

  const { pkg, latest } = await latestEnd(db, userId, platform, now);
  const wanted = s.bestN ?? s.profileIds.length;
  if (pkg && wanted > pkg.profilLimit) throw new AppError('PROFILE_LIMIT_EXCEEDED', { params: { limit: pkg.profilLimit } });
  if (s.endsAt.getTime() <= now.getTime() || s.endsAt.getTime() > latest.getTime()) {
    throw new AppError('WATCH_ENDS_AT_INVALID', { params: { max: latest.toISOString().slice(0, 10) } });
  }
}

/** The latest end a watch of the platform may have: the package's end, or (paying per action) WATCH_LIMITS.daysWithoutPackage ahead. */
export async function latestEnd(db: Db, userId: number, platform: Platform, now: Date): Promise<{ pkg: { endsAt: Date; profilLimit: number } | undefined; latest: Date }> {
  const [pkg] = await db
    .select({ endsAt: userPackages.endsAt, profilLimit: userPackages.profilLimit })
    .from(userPackages)
    .where(and(eq(userPackages.userId, userId), eq(userPackages.platform, platform), inForce(now)));
  return { pkg, latest: pkg ? pkg.endsAt : new Date(now.getTime() + WATCH_LIMITS.daysWithoutPackage * 86_400_000) };
}

/** A date without a time is that day's end (UTC): "until the 30th" includes the 30th. */
export function endOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

export async function createWatch(db: Db, userId: number, input: CreateWatchInput, now: Date = new Date()): Promise<WatchView> {
  const account = parseAccount(input.platform, input.account);
  if (!account) throw new AppError('WATCH_ACCOUNT_INVALID', { params: { platform: input.platform } });
  const settings: Settings = {
    services: input.services,
    profileIds: input.profile_ids ?? [],
    crewId: input.crew_id ?? null,
    bestN: input.best_n ?? null,
    prompt: input.prompt || null,
    endsAt: endOf(input.ends_at),
  };
  await checkSettings(db, userId, input.platform, settings, now);
  const [row] = await db
    .insert(watches)
    .values({
      userId,
      platform: input.platform,
      account,
      services: settings.services,
      profileIds: settings.profileIds,
      crewId: settings.crewId,
      bestN: settings.bestN,
      prompt: settings.prompt,
      delayMinMinutes: input.delay_minutes[0],
      delayMaxMinutes: input.delay_minutes[1],
      spreadMinutes: input.spread_minutes,
      maxPostsPerDay: input.max_posts_per_day,
      endsAt: settings.endsAt,
      contains: input.contains || null,
      nextPollAt: now,
      createdAt: now,
    })
    .returning();
  return toView(row!, 0);
}

/** The caller's own watch, or WATCH_NOT_FOUND (also for another customer's). */
async function ownWatch(db: Db, userId: number, id: number): Promise<WatchRow> {
  const [row] = await db.select().from(watches).where(and(eq(watches.id, id), eq(watches.userId, userId)));
  if (!row) throw new AppError('WATCH_NOT_FOUND');
  return row;
}

async function postsFound(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ watchId: watchPosts.watchId, n: count() }).from(watchPosts).where(inArray(watchPosts.watchId, ids)).groupBy(watchPosts.watchId);
  return new Map(rows.map((r) => [r.watchId, Number(r.n)]));
}

export async function listWatches(db: Db, userId: number): Promise<WatchView[]> {
  const rows = await db.select().from(watches).where(eq(watches.userId, userId)).orderBy(desc(watches.id)).limit(200);
  const found = await postsFound(db, rows.map((r) => r.id));
  return rows.map((r) => toView(r, found.get(r.id) ?? 0));
}

/**
 * A watch's last 100 posts (newest first) with their orders, read in one statement for all of
 * them; `ownerId` keeps only that customer's orders (the customer's view; the operators' has none).
 */
export async function recentPosts(db: Db, watchId: number, ownerId?: number): Promise<WatchPostView[]> {
  const posts = await db.select().from(watchPosts).where(eq(watchPosts.watchId, watchId)).orderBy(desc(watchPosts.id)).limit(100);
  const orderIds = posts.flatMap((p) => p.orderIds);
  const orderRows = orderIds.length
    ? await db
        .select({ id: orders.id, number: orders.number, service: orders.service, status: orders.status })
        .from(orders)
        .where(and(inArray(orders.id, orderIds), ownerId === undefined ? undefined : eq(orders.userId, ownerId)))
    : [];
  const byId = new Map(orderRows.map((o) => [o.id, o]));
  return posts.map((p) => ({
    id: p.id,
    post_id: p.postId,
    url: p.postUrl,
    posted_at: p.postedAt.toISOString(),
    found_at: p.foundAt.toISOString(),
    status: p.status,
    reason: p.reason,
    orders: p.orderIds.flatMap((oid) => {
      const o = byId.get(oid);
      return o ? [{ task_id: o.id, number: o.number, service: o.service, status: durumOf(o.status) }] : [];
    }),
  }));
}

/** One watch with the posts it found (newest first, the last 100) and their orders. */
export async function getWatch(db: Db, userId: number, id: number): Promise<WatchView & { posts: WatchPostView[] }> {
  const row = await ownWatch(db, userId, id);
  const posts = await recentPosts(db, id, userId);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(watchPosts).where(eq(watchPosts.watchId, id));
  return {
    ...toView(row, Number(n)),
    posts,
  };
}

export async function updateWatch(db: Db, userId: number, id: number, input: UpdateWatchInput, now: Date = new Date()): Promise<WatchView> {
  const row = await ownWatch(db, userId, id);
  if (row.status === 'ended') throw new AppError('WATCH_ENDED');
  const settings: Settings = {
    services: input.services ?? row.services,
    // A new profile choice replaces the old one whole.
    ...(input.profile_ids !== undefined || input.crew_id !== undefined || input.best_n !== undefined
      ? { profileIds: input.profile_ids ?? [], crewId: input.crew_id ?? null, bestN: input.best_n ?? null }
      : { profileIds: row.profileIds, crewId: row.crewId, bestN: row.bestN }),
    prompt: input.prompt !== undefined ? input.prompt || null : row.prompt,
    endsAt: input.ends_at !== undefined ? endOf(input.ends_at) : row.endsAt,
  };
  await checkSettings(db, userId, row.platform, settings, now);
  const [updated] = await db
    .update(watches)
    .set({
      services: settings.services,
      profileIds: settings.profileIds,
      crewId: settings.crewId,
      bestN: settings.bestN,
      prompt: settings.prompt,
      endsAt: settings.endsAt,
      ...(input.delay_minutes ? { delayMinMinutes: input.delay_minutes[0], delayMaxMinutes: input.delay_minutes[1] } : {}),
      ...(input.spread_minutes !== undefined ? { spreadMinutes: input.spread_minutes } : {}),
      ...(input.max_posts_per_day !== undefined ? { maxPostsPerDay: input.max_posts_per_day } : {}),
      ...(input.contains !== undefined ? { contains: input.contains || null } : {}),
    })
    .where(eq(watches.id, id))
    .returning();
  return toView(updated!, (await postsFound(db, [id])).get(id) ?? 0);
}

export async function deleteWatch(db: Db, userId: number, id: number): Promise<void> {
  await ownWatch(db, userId, id);
  await db.delete(watches).where(and(eq(watches.id, id), eq(watches.userId, userId)));
}

/** Pause or resume: a paused watch is not polled; posts published meanwhile are still acted on at resume if they are in the provider's answer. */
export async function setWatchPaused(db: Db, userId: number, id: number, paused: boolean, now: Date = new Date()): Promise<WatchView> {
  const row = await ownWatch(db, userId, id);
  if (row.status === 'ended') throw new AppError('WATCH_ENDED');
  const [updated] = await db
    .update(watches)
    .set(paused ? { status: 'paused' } : { status: 'active', nextPollAt: now, failures: 0 })
    .where(and(eq(watches.id, id), sql`${watches.status} <> 'ended'`))
    .returning();
  if (!updated) throw new AppError('WATCH_ENDED');
  return toView(updated, (await postsFound(db, [id])).get(id) ?? 0);
}

/** The /panel/watch page's data: the watches (the newest 20 with their posts) and each platform's latest end date (YYYY-MM-DD). */
export async function watchPageData(db: Db, userId: number, now: Date = new Date()): Promise<{ watches: (WatchView & { posts: WatchPostView[] })[]; maxEnd: Record<string, string> }> {
  const list = await listWatches(db, userId);
  const detailed = await Promise.all(list.slice(0, 20).map((w) => getWatch(db, userId, w.id)));
  const pkgs = await db
    .select({ platform: userPackages.platform, endsAt: userPackages.endsAt })
    .from(userPackages)
    .where(and(eq(userPackages.userId, userId), inForce(now)));
  const fallback = new Date(now.getTime() + WATCH_LIMITS.daysWithoutPackage * 86_400_000);
  const maxEnd: Record<string, string> = {};
  for (const p of PLATFORMS) {
    const pkg = pkgs.find((x) => x.platform === p);
    // A day strictly before the package's last moment: a date is read as that day's end (endOf).
    maxEnd[p] = (pkg ? new Date(pkg.endsAt.getTime() - 86_400_000) : fallback).toISOString().slice(0, 10);
  }
  return { watches: detailed, maxEnd };
}
