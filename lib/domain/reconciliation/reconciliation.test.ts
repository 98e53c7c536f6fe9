import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { open } from '@/db/client';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { auditLog, balanceLedger, orders, profiles, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import type { ProviderClient, ProviderTask } from '@/lib/domain/provider';
import { enqueueMaintenance, startQueue, stopQueue } from '@/lib/infra/queue';
import { GET as stuckRoute } from '@/app/api/admin/orders/stuck/route';
import { POST as endRoute } from '@/app/api/admin/orders/[id]/end/route';
import { POST as retryRoute } from '@/app/api/admin/orders/[id]/retry/route';
import { reconcileOrder, reconcileStuckOrders, startReconciliation } from './index';
import { balanceAndLedger } from '@/test/fixtures/balance';

const t = setupTestDb({ asAppDb: true });
let adminToken: string;
let profileIds: number[];
const MIN = 60_000;
const noEmit = () => {};

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
  await startQueue(t, { monitorIntervalSeconds: 1 });
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  adminToken = await signToken(t.db, admin!, 'admin');
  const rows = await t.db
    .insert(profiles)
    .values([0, 1, 2].map((i) => ({ platform: 'twitter' as const, providerId: `prov-${i}`, username: `u${i}` })))
    .returning({ id: profiles.id });
  profileIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await stopQueue({ graceful: false, timeoutMs: 2000 });
});

let n = 0;
/** A paid new tweet (3 profiles × 100 cents, charged from the balance) in `processing`, last moved `idleMinutes` ago. */
async function stuckOrder(idleMinutes: number) {
  n++;
  const [user] = await t.db.insert(users).values({ adSoyad: `R${n}`, email: `r${n}@example.com`, passwordHash: 'x', bakiyeCents: 700 }).returning();
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: user!.id,
      platform: 'twitter',
      service: 'new_tweet',
      tweetText: 'Merhaba',
      profileIds,
      profileCount: 3,
      priceCents: 300,
      profilePricesCents: Object.fromEntries(profileIds.map((id) => [String(id), 100])),
      status: 'processing',
      providerTaskId: `task-${n}`,
      results: [
        { profile_id: profileIds[0]!, result: 'success' },
        { profile_id: profileIds[1]!, result: 'pending' },
        { profile_id: profileIds[2]!, result: 'pending' },
      ],
      successCount: 1,
      updatedAt: new Date(Date.now() - idleMinutes * MIN),
    })
    .returning();
  await t.db.insert(balanceLedger).values([
    { userId: user!.id, amountCents: 1000, reason: 'adjustment' },
    { userId: user!.id, amountCents: -300, reason: 'new_tweet', orderId: order!.id },
  ]);
  return { user: user!, order: order! };
}

const client = (answer: (() => ProviderTask) | 'down'): ProviderClient =>
  ({
    status: async () => {
      if (answer === 'down') throw new Error('connect ECONNREFUSED');
      return answer();
    },
  }) as unknown as ProviderClient;

async function money(userId: number) {
  const { balance, ledger } = await balanceAndLedger(t.db, userId);
  const refunds = await t.db.select().from(balanceLedger).where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.reason, 'refund')));
  return { balance, ledger, refunds: refunds.map((r) => r.amountCents) };
}
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('reconciling stuck orders', () => {
  it('leaves a moving order alone, asks a stuck one again, records progress and ends it with the provider’s final answer', async () => {
    const { user, order } = await stuckOrder(10);
    expect(await reconcileOrder(t.db, order.id, { client: client('down'), emit: noEmit })).toBe('skipped');
    await t.db.update(orders).set({ updatedAt: new Date(Date.now() - 45 * MIN) }).where(eq(orders.id, order.id));
    expect(await reconcileOrder(t.db, order.id, { client: client('down'), emit: noEmit })).toBe('asked');
    expect((await orderRow(order.id)).status).toBe('processing');

    const progress = () => ({ task_id: 'task', status: 'processing' as const, results: [{ profile_id: 'prov-1', result: 'success' as const }, { profile_id: 'prov-2', result: 'pending' as const }] });
    expect(await reconcileOrder(t.db, order.id, { client: client(progress), emit: noEmit })).toBe('moved');
    // The status moved: no longer stuck.
    expect(await reconcileOrder(t.db, order.id, { client: client('down'), emit: noEmit })).toBe('skipped');

    await t.db.update(orders).set({ updatedAt: new Date(Date.now() - 45 * MIN) }).where(eq(orders.id, order.id));
    const final = () => ({ task_id: 'task', status: 'completed' as const, results: [{ profile_id: 'prov-2', result: 'failed' as const }] });
    expect(await reconcileOrder(t.db, order.id, { client: client(final), emit: noEmit })).toBe('finalized');
    expect(await orderRow(order.id)).toMatchObject({ status: 'partial', successCount: 2, refundedCents: 100 });
    expect(await money(user.id)).toEqual({ balance: 800, ledger: 800, refunds: [100] });
  });

  it('ends an order still unknown after the maximum as failed for its pending profiles and refunds once, also across a restart', async () => {
    const { user, order } = await stuckOrder(121);
    const summary = await reconcileStuckOrders(t.db, { client: client('down'), emit: noEmit });
    expect(summary.ended).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'partial', successCount: 1, refundedCents: 200 });
    expect((await orderRow(order.id)).lastError).toMatch(/ended by reconciliation/);
    // A node restarting mid-way runs the same job again: nothing more happens.
    expect(await reconcileOrder(t.db, order.id, { client: client('down'), emit: noEmit })).toBe('skipped');
    expect((await reconcileStuckOrders(t.db, { client: client('down'), emit: noEmit })).ended).toBe(0);
    expect(await money(user.id)).toEqual({ balance: 900, ledger: 900, refunds: [200] });
  });

  it('ends and refunds once when two nodes reconcile the same order at the same time', async () => {
    const { user, order } = await stuckOrder(180);
    // On PostgreSQL the second node is a connection pool of its own, as another process would have.
    const other = t.isPostgres ? await open({ databaseUrl: t.url!, max: 4, migrate: false }) : null;
    try {
      const outcomes = await Promise.all([
        reconcileOrder(t.db, order.id, { client: client('down'), emit: noEmit }),
        reconcileOrder(other?.db ?? t.db, order.id, { client: client('down'), emit: noEmit }),
      ]);
      expect(outcomes.sort()).toEqual(['ended', 'skipped']);
    } finally {
      await other?.close();
    }
    expect(await money(user.id)).toEqual({ balance: 900, ledger: 900, refunds: [200] });
  });

  it('keeps one maintenance job per task across nodes', async () => {
    const first = await enqueueMaintenance('reconcile');
    expect(first).toBeTruthy();
    expect(await enqueueMaintenance('reconcile')).toBeNull();
  });

  it('lets an admin list stuck orders and end (audited, refunded once) or retry them', async () => {
    const { user, order } = await stuckOrder(40);
    const { order: other } = await stuckOrder(40);
    const list = await call(stuckRoute, { token: adminToken });
    expect(list.status).toBe(200);
    expect((list.body.orders as { task_id: string; overdue: boolean }[]).filter((o) => [order.id, other.id].includes(o.task_id))).toEqual([
      expect.objectContaining({ overdue: false }),
      expect.objectContaining({ overdue: false }),
    ]);

    const end = await call(endRoute, { method: 'POST', token: adminToken, params: { id: order.id } });
    expect(end.status).toBe(200);
    expect(await money(user.id)).toEqual({ balance: 900, ledger: 900, refunds: [200] });
    expect((await call(endRoute, { method: 'POST', token: adminToken, params: { id: order.id } })).body).toMatchObject({ code: 'ORDER_ALREADY_FINAL' });
    expect((await call(endRoute, { method: 'POST', token: adminToken, params: { id: 'nope' } })).status).toBe(400);

    const retry = await call(retryRoute, { method: 'POST', token: adminToken, params: { id: other.id } });
    expect(retry.status).toBe(200);
    const jobs = await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'orders' and data->>'orderId' = ${other.id}`);
    expect(Number(((Array.isArray(jobs) ? jobs : (jobs as { rows: unknown[] }).rows) as { n: number }[])[0]!.n)).toBe(1);
    // Its deadline starts again.
    expect((await call(stuckRoute, { token: adminToken })).body.orders as { task_id: string }[]).not.toContainEqual(expect.objectContaining({ task_id: other.id }));

    const audit = await t.db.select({ action: auditLog.action, entityId: auditLog.entityId }).from(auditLog).where(eq(auditLog.entity, 'order')).orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: 'order.end', entityId: order.id },
      { action: 'order.retry', entityId: other.id },
    ]);
  });

  it('runs the periodic tasks through the maintenance queue on a worker node', async () => {
    let integrityRuns = 0;
    const worker = await startReconciliation(t.db, {
      everyMs: 100,
      pollingIntervalSeconds: 0.5,
      extra: [{ task: 'integrity', everyMs: 100, run: async () => void integrityRuns++ }],
    });
    try {
      const done = async () => {
        const r = await t.db.execute(sql`select data->>'task' as task from pgboss.job where name = 'maintenance' and state = 'completed'`);
        return new Set(((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { task: string }[]).map((x) => x.task));
      };
      // A task's run ends before pg-boss marks its job completed: wait for both marks, not for the run.
      const both = async () => {
        const d = await done();
        return d.has('reconcile') && d.has('integrity');
      };
      for (let i = 0; i < 100 && !(await both()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(integrityRuns).toBeGreaterThan(0);
      expect(await done()).toEqual(new Set(['reconcile', 'integrity']));
    } finally {
      await worker.stop();
    }
  });
});
