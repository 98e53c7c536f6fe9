import 'server-only';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, watches, watchPosts } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { announceNotifications, notify } from '@/lib/domain/notifications';
import { AppError } from '@/lib/infra/errors';
import type { AdminWatchDetail, AdminWatchView } from './responses';
import type { AdminWatchQuery } from './schemas';
import { recentPosts } from './manage-watches';

/**
 * Issue #37 item 5: the operators' view of every customer's watches (/rooting/watches,
 * /api/admin/watches): who watches what, how its polling goes (last poll, failures in a row and
 * the last error), what it found (posts found, acted on, skipped) and until when; an admin pauses
 * or resumes any watch, audited, and the customer is told when an operator pauses theirs.
 */
type Row = {
  id: number;
  number: number;
  userId: number;
  adSoyad: string;
  email: string;
  platform: string;
  account: string;
  services: string[];
  status: 'active' | 'paused' | 'ended';
  endReason: string | null;
  lastPolledAt: Date | null;
  failures: number;
  lastError: string | null;
  endsAt: Date;
  createdAt: Date;
};

const columns = {
  id: watches.id,
  number: watches.number,
  userId: watches.userId,
  adSoyad: users.adSoyad,
  email: users.email,
  platform: watches.platform,
  account: watches.account,
  services: watches.services,
  status: watches.status,
  endReason: watches.endReason,
  lastPolledAt: watches.lastPolledAt,
  failures: watches.failures,
  lastError: watches.lastError,
  endsAt: watches.endsAt,
  createdAt: watches.createdAt,
};

/** Posts found, acted on and skipped per watch: one grouped read over the page's watches (watch_posts_watch_idx). */
async function postCounts(db: Db, ids: number[]): Promise<Map<number, { found: number; acted: number; skipped: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      watchId: watchPosts.watchId,
      found: sql<number>`count(*)::int`,
      acted: sql<number>`(count(*) filter (where ${watchPosts.status} = 'ordered'))::int`,
    })
    .from(watchPosts)
    .where(inArray(watchPosts.watchId, ids))
    .groupBy(watchPosts.watchId);
  return new Map(rows.map((r) => [r.watchId, { found: Number(r.found), acted: Number(r.acted), skipped: Number(r.found) - Number(r.acted) }]));
}

function toAdminView(r: Row, c: { found: number; acted: number; skipped: number } | undefined): AdminWatchView {
  return {
    id: r.id,
    number: r.number,
    user: { id: r.userId, ad_soyad: r.adSoyad, email: r.email },
    platform: r.platform,
    account: r.account,
    services: r.services,
    status: r.status,
    end_reason: r.endReason,
    last_polled_at: r.lastPolledAt?.toISOString() ?? null,
    failures: r.failures,
    last_error: r.lastError,
    posts_found: c?.found ?? 0,
    posts_acted: c?.acted ?? 0,
    posts_skipped: c?.skipped ?? 0,
    ends_at: r.endsAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  };
}

/** Every customer's watches, newest first, filtered by status, a page at a time (watches_status_idx / the primary key). */
export async function listAllWatches(db: Db, query: AdminWatchQuery): Promise<{ watches: AdminWatchView[]; toplam: number }> {
  const where = query.status ? eq(watches.status, query.status) : undefined;
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(watches)
      .innerJoin(users, eq(users.id, watches.userId))
      .where(where)
      .orderBy(desc(watches.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(watches).where(where),
  ]);
  const counts = await postCounts(
    db,
    rows.map((r) => r.id),
  );
  return { watches: rows.map((r) => toAdminView(r as Row, counts.get(r.id))), toplam: Number(n) };
}

/** One watch with its last 100 posts and their orders. */
export async function getAdminWatch(db: Db, id: number): Promise<AdminWatchDetail> {
  const [row] = await db.select(columns).from(watches).innerJoin(users, eq(users.id, watches.userId)).where(eq(watches.id, id));
  if (!row) throw new AppError('WATCH_NOT_FOUND');
  const posts = await recentPosts(db, id);
  return {
    ...toAdminView(row as Row, (await postCounts(db, [id])).get(id)),
    posts,
  };
}

/**
 * An operator pauses or resumes any watch (an ended one: WATCH_ENDED), in one transaction with
 * its audit entry (the admin, the watch, the status before and after); a pause tells the customer
 * (`watch_paused` notice, in the app and by mail per their settings). A resumed watch is polled at once.
 */
export async function adminSetWatchPaused(db: Db, actor: Actor, id: number, paused: boolean, now: Date = new Date()): Promise<AdminWatchDetail> {
  const notified = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(watches).where(eq(watches.id, id)).for('update');
    if (!before) throw new AppError('WATCH_NOT_FOUND');
    if (before.status === 'ended') throw new AppError('WATCH_ENDED');
    const target = paused ? 'paused' : 'active';
    if (before.status === target) return false;
    await tx
      .update(watches)
      .set(paused ? { status: 'paused' } : { status: 'active', nextPollAt: now, failures: 0 })
      .where(and(eq(watches.id, id), sql`${watches.status} <> 'ended'`));
    await recordAudit(tx, actor, {
      action: paused ? 'watch.pause' : 'watch.resume',
      entity: 'watch',
      entityId: id,
      before: { status: before.status, user_id: before.userId, platform: before.platform, account: before.account },
      after: { status: target },
    });
    if (paused) await notify(tx, { userId: before.userId, kind: 'watch_paused', params: { platform: before.platform, account: before.account }, link: '/panel/watch' });
    return paused ? before.userId : false;
  });
  if (notified !== false) announceNotifications([notified]);
  return getAdminWatch(db, id);
}

/** The dashboard's two watch figures: active watches (watches_status_idx) and posts acted on in the last 24 hours (watch_posts_ordered_found_idx). */
export async function watchFigures(db: Db, now: Date = new Date()): Promise<{ activeWatches: number; postsActed24h: number }> {
  const [[a], [p]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(watches).where(eq(watches.status, 'active')),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(watchPosts)
      .where(and(eq(watchPosts.status, 'ordered'), sql`${watchPosts.foundAt} >= ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`)),
  ]);
  return { activeWatches: Number(a?.n ?? 0), postsActed24h: Number(p?.n ?? 0) };
}
