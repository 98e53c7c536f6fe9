import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { auditLog, orders, profiles, siteSettings, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { finalizeOrder } from '@/lib/domain/operations';
import type { ProviderClient } from '@/lib/domain/provider';
import { publicContentChanged } from '@/lib/infra/cache';
import { GET as adminProfiles } from '@/app/api/admin/profiles/route';
import { PUT as setStatus } from '@/app/api/admin/profiles/[id]/route';
import { listProfileHealth, listProfiles, profileReliability, syncProfiles } from './index';

const t = setupTestDb({ asAppDb: true });
let adminToken: string;
let userToken: string;
let customerId: number;
let ids: number[];

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
  await t.db.update(siteSettings).set({ quarantineAfterFailures: 3 }).where(eq(siteSettings.id, 1));
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  const [customer] = await t.db.insert(users).values({ adSoyad: 'Cem', email: 'cem@example.com', passwordHash: 'x' }).returning();
  customerId = customer!.id;
  adminToken = await signToken(t.db, admin!, 'admin');
  userToken = await signToken(t.db, customer!, 'user');
  const rows = await t.db
    .insert(profiles)
    .values(['flaky', 'steady', 'spare', 'other'].map((u, i) => ({ platform: 'twitter' as const, providerId: `p${i}`, username: u, followersText: '1K' })))
    .returning({ id: profiles.id });
  ids = rows.map((r) => r.id);
});

/** A processing order of these profiles, created `minutes` ago. */
async function order(profileIds: number[], minutes = 10) {
  const [row] = await t.db
    .insert(orders)
    .values({
      userId: customerId,
      platform: 'twitter',
      service: 'like',
      targetUrl: 'https://x.com/a/status/1',
      profileIds,
      profileCount: profileIds.length,
      status: 'processing',
      results: profileIds.map((id) => ({ profile_id: id, result: 'pending' as const })),
      createdAt: new Date(Date.now() - minutes * 60_000),
    })
    .returning({ id: orders.id });
  return row!.id;
}

const profile = async (id: number) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const outcomes = (entries: [number, 'success' | 'failed' | 'pending'][]) => new Map(entries);

describe('profile health', () => {
  it('quarantines a profile by itself on its Nth failure in a row, counting each order once and a pending result not at all', async () => {
    const [flaky, steady] = [ids[0]!, ids[1]!];
    // A success in between resets the count.
    for (const r of ['failed', 'failed', 'success'] as const) await finalizeOrder(t.db, await order([flaky, steady]), { outcomes: outcomes([[flaky, r], [steady, 'success']]) });
    expect((await profile(flaky)).consecutiveFailures).toBe(0);

    const first = await order([flaky, steady]);
    await finalizeOrder(t.db, first, { outcomes: outcomes([[flaky, 'failed'], [steady, 'success']]) });
    // The same order ended again (a second node, a retried job) counts nothing more.
    await finalizeOrder(t.db, first, { outcomes: outcomes([[flaky, 'failed'], [steady, 'success']]) });
    expect((await profile(flaky)).consecutiveFailures).toBe(1);
    // The provider never answered for the profile: not its failure.
    await finalizeOrder(t.db, await order([flaky]), { outcomes: outcomes([[flaky, 'pending']]), error: 'retries exhausted' });
    expect((await profile(flaky)).consecutiveFailures).toBe(1);

    await finalizeOrder(t.db, await order([flaky, steady]), { outcomes: outcomes([[flaky, 'failed'], [steady, 'success']]) });
    expect((await profile(flaky)).status).toBe('active');
    await finalizeOrder(t.db, await order([flaky, steady]), { outcomes: outcomes([[flaky, 'failed'], [steady, 'success']]) });
    const q = await profile(flaky);
    expect(q).toMatchObject({ status: 'quarantined', consecutiveFailures: 3 });
    expect(q.quarantinedAt).toBeInstanceOf(Date);
    expect((await profile(steady)).status).toBe('active');

    // Not listed to customers any more, and a sync does not bring it back.
    publicContentChanged();
    expect((await listProfiles(t.db, 'twitter')).map((p) => p.id)).not.toContain(flaky);
    const provider = {
      listProfiles: async () => ['flaky', 'steady', 'spare', 'other'].map((u, i) => ({ id: `p${i}`, username: u, name: u, followers: 1000, status: 'active' })),
    } as unknown as ProviderClient;
    await syncProfiles(t.db, 'twitter', provider);
    expect((await profile(flaky)).status).toBe('quarantined');
  });

  it('reports the 7-day success rate, median completion time and recent failures, quarantined profiles first', async () => {
    const list = await listProfileHealth(t.db, { platform: 'twitter' });
    expect(list[0]).toMatchObject({ id: ids[0], status: 'quarantined', consecutive_failures: 3, results: 7 });
    // flaky: 1 success of 7 results (the pending one became a failure of the order, not of the count).
    expect(list[0]!.success_rate).toBe(14);
    expect(list[0]!.recent_failures.length).toBe(5);
    const steady = list.find((p) => p.id === ids[1])!;
    expect(steady).toMatchObject({ success_rate: 100, results: 6, consecutive_failures: 0, recent_failures: [] });
    // Orders were made 10 minutes before they ended.
    expect(steady.median_seconds).toBeGreaterThanOrEqual(599);
    expect(steady.median_seconds).toBeLessThan(700);
    expect(list.find((p) => p.id === ids[2])).toMatchObject({ success_rate: null, results: 0, median_seconds: null });
    // An order older than the window does not count.
    const old = await order([ids[3]!], 8 * 24 * 60);
    await finalizeOrder(t.db, old, { outcomes: outcomes([[ids[3]!, 'failed']]) });
    expect((await listProfileHealth(t.db, { platform: 'twitter' })).find((p) => p.id === ids[3])!.results).toBe(0);
    expect((await profileReliability(t.db, 'twitter')).get(ids[1]!)).toBe(100);
  });

  it('lets an admin read it, reactivate and disable a profile over the API, audited; a customer cannot', async () => {
    const res = await call(adminProfiles, { token: adminToken, path: '/api/admin/profiles?platform=twitter&status=quarantined' });
    expect(res.status).toBe(200);
    expect((res.body.profiles as { id: number }[]).map((p) => p.id)).toEqual([ids[0]]);
    expect((await call(adminProfiles, { token: userToken, path: '/api/admin/profiles' })).status).toBe(403);
    expect((await call(adminProfiles, { token: adminToken, path: '/api/admin/profiles?platform=myspace' })).status).toBe(400);

    const put = (id: string, body: unknown) => call(setStatus, { method: 'PUT', token: adminToken, params: { id }, body });
    expect((await put(String(ids[0]), { status: 'quarantined' })).status).toBe(400);
    expect((await put('2147483000', { status: 'active' })).body).toMatchObject({ success: false, code: 'PROFILE_NOT_FOUND' });
    const back = await put(String(ids[0]), { status: 'active' });
    expect(back.body).toMatchObject({ success: true, profile: { id: ids[0], status: 'active' } });
    expect(await profile(ids[0]!)).toMatchObject({ status: 'active', consecutiveFailures: 0 });
    expect((await put(String(ids[2]), { status: 'disabled' })).status).toBe(200);
    publicContentChanged();
    expect((await listProfiles(t.db, 'twitter')).map((p) => p.id).sort()).toEqual([ids[0], ids[1], ids[3]].sort());

    const audit = await t.db.select().from(auditLog).where(inArray(auditLog.action, ['profile.reactivate', 'profile.disable'])).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.entityId])).toEqual([
      ['profile.reactivate', String(ids[0])],
      ['profile.disable', String(ids[2])],
    ]);
    expect(audit[0]!.before).toMatchObject({ status: 'quarantined', consecutive_failures: 3 });
    const history = (await listProfileHealth(t.db, { platform: 'twitter' })).find((p) => p.id === ids[0])!.history;
    expect(history.map((h) => h.action)).toEqual(['profile.reactivate']);
  });

  it('counts two orders ending at the same time both (no lost update, no deadlock)', async () => {
    const [a, b] = [ids[1]!, ids[3]!];
    await t.db.update(profiles).set({ consecutiveFailures: 0, status: 'active' }).where(inArray(profiles.id, [a, b]));
    const o1 = await order([a, b]);
    const o2 = await order([b, a]);
    await Promise.all([
      finalizeOrder(t.db, o1, { outcomes: outcomes([[a, 'failed'], [b, 'failed']]) }),
      finalizeOrder(t.db, o2, { outcomes: outcomes([[b, 'failed'], [a, 'failed']]) }),
    ]);
    const rows = await t.db.select({ n: profiles.consecutiveFailures }).from(profiles).where(inArray(profiles.id, [a, b]));
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });

  // Issue #19: orders of the same popular profiles ending together queued on the profiles' row
  // locks. An all-success end with nothing to reset writes nothing and takes no lock.
  it.runIf(onPostgres())('ends an all-success order without waiting for the profiles another order holds locked', async () => {
    const [a, b] = [ids[1]!, ids[2]!];
    await t.db.update(profiles).set({ consecutiveFailures: 0, status: 'active' }).where(inArray(profiles.id, [a, b]));
    const o = await order([a, b]);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let locked = () => {};
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.db.transaction(async (tx) => {
      await tx.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, [a, b])).for('update');
      locked();
      await held;
    });
    await isLocked;
    const ended = await Promise.race([
      finalizeOrder(t.db, o, { outcomes: outcomes([[a, 'success'], [b, 'success']]) }).then(() => 'ended'),
      new Promise((r) => setTimeout(() => r('waited'), 2000)),
    ]);
    release();
    await holder;
    expect(ended).toBe('ended');
    expect((await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, o)))[0]!.s).toBe('completed');
  });
});
