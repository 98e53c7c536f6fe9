import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { balanceLedger, orders, profiles } from '@/db/schema';
import { configureSim, simStats } from '@/lib/domain/provider/sim';
import { getQueue, ORDERS_QUEUE, type OrderJob } from '@/lib/infra/queue';
import { sendOperation } from './send-operation';
import { startOrderWorker } from './order-worker';
import { setupWorld, fastClient, makeUser, waitFor } from '@/test/fixtures/world';

const w = setupWorld();

beforeAll(async () => {
  configureSim({ reset: true, minDelayMs: 20, maxDelayMs: 100, failRate: 0.5 });
});

describe('a worker that dies mid-order', () => {
  it('loses the job to the heartbeat check, and the next worker ends the order exactly once', async () => {
    const chosen = await w.t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
      .limit(6);
    const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 10, profilLimit: 10 } }, bakiyeCents: 100_00 });
    const { taskId } = await sendOperation(w.t.db, user, 'new_tweet', { profileIds: chosen.map((p) => p.id), tweetText: 'restart me' });

    // The first worker claims the job, reaches the provider, and dies before ending the order.
    const boss = await getQueue();
    const [claimed] = await boss.fetch<OrderJob>(ORDERS_QUEUE);
    expect(claimed?.id).toBe(taskId);
    const { processOrder } = await import('./process-order');
    await expect(
      processOrder(w.t.db, taskId, {
        client: fastClient(),
        emit: () => {},
        afterSubmit: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect((await w.t.db.select().from(orders).where(eq(orders.id, taskId)))[0]!.status).toBe('processing');

    // A new process starts its worker; the dead claim expires (heartbeat 10 s) and the job runs again.
    const worker = await startOrderWorker(w.t.db, { client: fastClient(), pollIntervalMs: 20, emit: () => {}, pollingIntervalSeconds: 0.5 });
    try {
      const order = await waitFor(async () => {
        const [o] = await w.t.db.select().from(orders).where(eq(orders.id, taskId));
        return o && ['completed', 'partial', 'failed'].includes(o.status) ? o : undefined;
      }, 45_000);
      expect(simStats().tasksCreated).toBe(1);
      const ledger = await w.t.db.select().from(balanceLedger).where(eq(balanceLedger.orderId, taskId));
      expect(ledger.filter((l) => l.reason === 'new_tweet')).toHaveLength(1);
      expect(ledger.filter((l) => l.reason === 'refund').length).toBe(order.refundedCents > 0 ? 1 : 0);
      // Let the queue settle: the job ends completed and nothing runs the order again.
      await waitFor(async () => (await boss.findJobs(ORDERS_QUEUE, { id: taskId }))[0]?.state === 'completed', 10_000);
      const [again] = await w.t.db.select().from(orders).where(eq(orders.id, taskId));
      expect(again!.completedAt?.getTime()).toBe(order.completedAt?.getTime());
    } finally {
      worker.stop();
    }
  }, 90_000);
});
