import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, watches, watchPosts } from '@/db/schema';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import { getDashboardFigures } from '@/lib/domain/dashboard';
import { GET as list } from './route';
import { GET as getOne } from './[id]/route';
import { POST as pause } from './[id]/pause/route';
import { POST as resume } from './[id]/resume/route';

/*
 * Issue #37 item 5: the operators' watches. Admin only (a customer's token is refused with 403, the
 * admin area's answer; an unknown watch is 404); the list has every customer's watches with their
 * polling state and post counts, filtered by status and paged; a pause or resume by an admin is
 * audited with the admin and the watch, and a pause tells the customer; the dashboard counts
 * active watches and posts acted on in the last 24 hours.
 */
const f = setupAdmin();

async function watchOf(userId: number, extra: Partial<typeof watches.$inferInsert> = {}) {
  const [row] = await f.t.db
    .insert(watches)
    .values({
      userId,
      platform: 'twitter',
      account: 'op_watched',
      services: ['like'],
      profileIds: [1],
      delayMinMinutes: 0,
      delayMaxMinutes: 0,
      maxPostsPerDay: 10,
      endsAt: new Date(Date.now() + 86_400_000),
      ...extra,
    })
    .returning();
  return row!;
}

const id = (n: number) => ({ id: String(n) });

describe('GET /api/admin/watches', () => {
  it('lists every customer’s watches with last poll, failures, last error and post counts, filtered by status and paged', async () => {
    const other = await f.makeUser();
    const failing = await watchOf(f.userId, { account: 'op_failing', failures: 3, lastError: 'timeout', lastPolledAt: new Date() });
    const paused = await watchOf(other.id, { account: 'op_paused', status: 'paused' });
    await f.t.db.insert(watchPosts).values([
      { watchId: failing.id, postId: '1', postUrl: 'https://x.com/op_failing/status/1', postedAt: new Date(), status: 'ordered' },
      { watchId: failing.id, postId: '2', postUrl: 'https://x.com/op_failing/status/2', postedAt: new Date(), status: 'skipped', reason: 'daily_cap' },
    ]);
    const res = await call(list, { token: f.adminToken });
    expect(res.status).toBe(200);
    const rows = res.body.watches as Record<string, unknown>[];
    expect(rows.find((w) => w.id === failing.id)).toMatchObject({
      account: 'op_failing',
      user: { id: f.userId, ad_soyad: 'Müşteri' },
      status: 'active',
      failures: 3,
      last_error: 'timeout',
      posts_found: 2,
      posts_acted: 1,
      posts_skipped: 1,
      number: failing.number,
    });
    expect(rows.find((w) => w.id === paused.id)).toMatchObject({ user: { id: other.id }, status: 'paused' });

    const onlyPaused = await call(list, { token: f.adminToken, path: '/api/admin/watches?status=paused' });
    expect((onlyPaused.body.watches as { status: string }[]).every((w) => w.status === 'paused')).toBe(true);
    expect((onlyPaused.body.watches as { id: number }[]).map((w) => w.id)).toContain(paused.id);
    const page2 = await call(list, { token: f.adminToken, path: '/api/admin/watches?page=2' });
    expect(page2.body).toMatchObject({ watches: [], toplam: res.body.toplam });
    expect((await call(list, { token: f.adminToken, path: '/api/admin/watches?status=gone' })).status).toBe(400);
  });

  it('answers a customer 403 and a visitor 401, on the list, a watch and its pause', async () => {
    const mine = await watchOf(f.userId, { account: 'op_mine' });
    expect((await call(list, { token: f.userToken })).status).toBe(403);
    expect((await call(getOne, { token: f.userToken, params: id(mine.id) })).status).toBe(403);
    expect((await call(pause, { method: 'POST', token: f.userToken, params: id(mine.id) })).status).toBe(403);
    expect((await call(list, {})).status).toBe(401);
    expect((await f.t.db.select().from(watches).where(eq(watches.id, mine.id)))[0]!.status).toBe('active');
  });
});

describe('GET /api/admin/watches/{id}', () => {
  it('shows any customer’s watch with its posts and their orders; an unknown one is 404', async () => {
    const w = await watchOf(f.userId, { account: 'op_detail' });
    await f.t.db.insert(watchPosts).values({ watchId: w.id, postId: '9', postUrl: 'https://x.com/op_detail/status/9', postedAt: new Date(), status: 'skipped', reason: 'like:DAILY_LIMIT_EXCEEDED' });
    const res = await call(getOne, { token: f.adminToken, params: id(w.id) });
    expect(res.status).toBe(200);
    expect(res.body.watch).toMatchObject({ id: w.id, posts: [{ post_id: '9', status: 'skipped', reason: 'like:DAILY_LIMIT_EXCEEDED', orders: [] }] });
    expect((await call(getOne, { token: f.adminToken, params: id(2147483000) })).status).toBe(404);
  });
});

describe('POST /api/admin/watches/{id}/pause|resume', () => {
  it('pauses any watch, audited with the admin and the watch, and tells the customer; resumes it, audited; an ended one is 409', async () => {
    const w = await watchOf(f.userId, { account: 'op_pause' });
    const res = await call(pause, { method: 'POST', token: f.adminToken, params: id(w.id) });
    expect(res.status).toBe(200);
    expect(res.body.watch).toMatchObject({ id: w.id, status: 'paused' });
    expect((await f.t.db.select().from(watches).where(eq(watches.id, w.id)))[0]!.status).toBe('paused');
    const [entry] = (await f.auditOf('watch.pause')).filter((a) => a.entityId === String(w.id));
    expect(entry).toMatchObject({ actorId: f.adminId, entity: 'watch', entityId: String(w.id), before: expect.objectContaining({ status: 'active', user_id: f.userId }), after: { status: 'paused' } });
    const notes = await f.t.db.select().from(notifications).where(and(eq(notifications.userId, f.userId), eq(notifications.kind, 'watch_paused')));
    expect(notes.map((n) => n.params)).toContainEqual({ platform: 'twitter', account: 'op_pause' });

    // Pausing a paused watch changes nothing and records nothing more.
    await call(pause, { method: 'POST', token: f.adminToken, params: id(w.id) });
    expect((await f.auditOf('watch.pause')).filter((a) => a.entityId === String(w.id))).toHaveLength(1);

    const back = await call(resume, { method: 'POST', token: f.adminToken, params: id(w.id) });
    expect(back.body.watch).toMatchObject({ status: 'active' });
    expect((await f.auditOf('watch.resume')).filter((a) => a.entityId === String(w.id))).toHaveLength(1);

    const ended = await watchOf(f.userId, { account: 'op_ended', status: 'ended' });
    const refused = await call(pause, { method: 'POST', token: f.adminToken, params: id(ended.id) });
    expect([refused.status, refused.body.code]).toEqual([409, 'WATCH_ENDED']);
    expect((await call(pause, { method: 'POST', token: f.adminToken, params: id(2147483000) })).status).toBe(404);
  });
});

describe('the dashboard', () => {
  it('counts active watches and posts acted on in the last 24 hours', async () => {
    const before = await getDashboardFigures(f.t.db);
    const w = await watchOf(f.userId, { account: 'op_dash' });
    await watchOf(f.userId, { account: 'op_dash_paused', status: 'paused' });
    await f.t.db.insert(watchPosts).values([
      { watchId: w.id, postId: 'a', postUrl: 'https://x.com/op_dash/status/1', postedAt: new Date(), status: 'ordered' },
      { watchId: w.id, postId: 'b', postUrl: 'https://x.com/op_dash/status/2', postedAt: new Date(), status: 'skipped' },
      { watchId: w.id, postId: 'c', postUrl: 'https://x.com/op_dash/status/3', postedAt: new Date(), status: 'ordered', foundAt: new Date(Date.now() - 2 * 86_400_000) },
    ]);
    const after = await getDashboardFigures(f.t.db);
    expect(after.activeWatches - before.activeWatches).toBe(1);
    expect(after.watchPostsActed24h - before.watchPostsActed24h).toBe(1);
  });
});
