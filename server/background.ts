import type { DbHandle } from '@/db/client';
import { startMailDelivery } from '@/lib/infra/mail';
import { pruneRateLimits } from '@/lib/infra/rate-limit';
import { logger } from '@/logger';
import { enqueueMaintenance, startQueue, stopQueue } from '@/lib/infra/queue';
import { env } from '@/env';
import { startOrderWorker } from '@/lib/domain/operations';
import { startProfileSync } from '@/lib/domain/profiles';
import { startPasswordResetWorker } from '@/lib/domain/auth';
import { startWebhookWorker } from '@/lib/domain/webhooks';
import { startReconciliation } from '@/lib/domain/reconciliation';
import { runIntegrityCheck } from '@/lib/domain/integrity';
import { WATCH_TASK } from '@/lib/domain/watches';
import { startPackageExpiry } from '@/lib/domain/notifications';
import { runStatusProbe } from '@/lib/domain/status';
import { runVerification } from '@/lib/domain/verification';

export type Background = { stop: () => Promise<void> };

type Task = { name: string; stop: () => Promise<void> };

/**
 * Background work that runs inside server.ts next to the HTTP server: the order worker,
 * profile sync and mail delivery register here. `worker: false` (WORKER=0) keeps a node
 * serving HTTP only.
 */
export async function startBackground(handle: DbHandle, options: { worker: boolean }): Promise<Background> {
  const tasks: Task[] = [];
  void handle;
  void options;

  // Mail: every node sends what it queues right away; the worker node also sweeps the outbox
  // periodically (retries, mail queued inside transactions or by HTTP-only nodes).
  const mail = startMailDelivery(handle.db, { periodic: options.worker });
  tasks.push({ name: 'mail', stop: mail.stop });

  // Rate-limit buckets whose window has ended are deleted every 10 minutes.
  if (options.worker) {
    const prune = setInterval(() => {
      pruneRateLimits(handle.db).catch((err: unknown) => logger.warn({ err }, 'rate-limit pruning failed'));
    }, 10 * 60_000);
    prune.unref();
    tasks.push({ name: 'rate-limit-prune', stop: async () => clearInterval(prune) });
  }

  // Orders: every node enqueues sends (the queue is started everywhere); the worker node also
  // works the jobs and keeps the profiles table in sync with the provider.
  // On PostgreSQL pg-boss gets the URL itself, so its options (sslmode, …) are kept.
  await startQueue(handle, { connectionString: handle.kind === 'postgres' ? env.DATABASE_URL : undefined });
  tasks.push({ name: 'queue', stop: () => stopQueue({ graceful: true, timeoutMs: 8000 }) });
  if (options.worker) {
    const orderWorker = await startOrderWorker(handle.db);
    tasks.push({ name: 'order-worker', stop: async () => orderWorker.stop() });
    // Reseller webhooks: one queued attempt per job, retried with back-off for 24 h (lib/domain/webhooks).
    await startWebhookWorker(handle.db);
    const profileSync = startProfileSync(handle.db);
    tasks.push({ name: 'profile-sync', stop: profileSync.stop });
    // Password-reset requests: forgot-password only enqueues them (same work for any e-mail).
    await startPasswordResetWorker(handle.db);
    // Issue #17: stuck orders are asked again every minute and the integrity check runs hourly
    // (each on one node at a time, lib/domain/reconciliation and lib/domain/integrity).
    // Issue #38: the status page's provider probe, every minute (and the incidents it opens and ends).
    const reconciliation = await startReconciliation(handle.db, {
      extra: [
        { task: 'integrity', everyMs: 3600_000, run: (db) => runIntegrityCheck(db) },
        { task: 'status-probe', everyMs: 60_000, run: (db) => runStatusProbe(db) },
        // Issue #38: re-verification and make-goods. A run works batches for at most 15 s with a
        // pause between them (sends come first); with a backlog left it offers itself again at
        // once, behind the tasks already queued, so a backlog is worked through without holding the
        // maintenance queue (bench/bench-verify.mjs).
        {
          task: 'verify',
          everyMs: 60_000,
          run: async (db) => {
            const summary = await runVerification(db);
            // Offered once this job has completed (the queue keeps one verify job queued or running).
            if (summary.more) setTimeout(() => void enqueueMaintenance('verify').catch((err: unknown) => logger.warn({ err }, 'verify not offered again')), 1000).unref();
          },
        },
        // Issue #37: watches' new posts.
        WATCH_TASK,
      ],
    });
    tasks.push({ name: 'reconciliation', stop: reconciliation.stop });
    // Notifications (issue #18): the daily package-expiry pass.
    const packageExpiry = await startPackageExpiry(handle.db);
    tasks.push({ name: 'package-expiry', stop: packageExpiry.stop });
  }
  logger.info({ tasks: tasks.map((t) => t.name) }, 'background work started');
  return {
    stop: async () => {
      for (const task of tasks.reverse()) await task.stop();
    },
  };
}
