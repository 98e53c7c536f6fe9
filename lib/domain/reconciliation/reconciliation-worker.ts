import 'server-only';
import type { Db } from '@/db/client';
import { logger } from '@/logger';
import { enqueueMaintenance, workMaintenance, type MaintenanceTask } from '@/lib/infra/queue';
import { reconcileStuckOrders } from './reconcile-order';

export type MaintenanceHandlers = Partial<Record<MaintenanceTask, (db: Db) => Promise<unknown>>>;

/**
 * Starts the periodic operator jobs on a worker node (server/background.ts): every `everyMs`
 * (default 1 min) it offers a 'reconcile' job (and any other task given in `extra`, e.g. the
 * integrity check with its own period) to the maintenance queue; one node works each.
 */
export async function startReconciliation(
  db: Db,
  options: { everyMs?: number; pollingIntervalSeconds?: number; extra?: { task: MaintenanceTask; everyMs: number; run: (db: Db) => Promise<unknown> }[] } = {},
): Promise<{ stop: () => Promise<void> }> {
  const handlers: MaintenanceHandlers = { reconcile: (d) => reconcileStuckOrders(d) };
  for (const e of options.extra ?? []) handlers[e.task] = e.run;
  await workMaintenance(
    async (job) => {
      await handlers[job.task]?.(db);
    },
    { pollingIntervalSeconds: options.pollingIntervalSeconds },
  );
  const offer = (task: MaintenanceTask) => () => {
    enqueueMaintenance(task).catch((err: unknown) => logger.warn({ err, task }, 'maintenance job not offered'));
  };
  const intervals = [setInterval(offer('reconcile'), options.everyMs ?? 60_000), ...(options.extra ?? []).map((e) => setInterval(offer(e.task), e.everyMs))];
  // A task with a long period also runs once soon after the start (a fresh install has a result).
  const firsts = (options.extra ?? []).map((e) => setTimeout(offer(e.task), Math.min(e.everyMs, options.everyMs ?? 60_000)));
  for (const t of [...intervals, ...firsts]) t.unref();
  return {
    stop: async () => {
      intervals.forEach(clearInterval);
      firsts.forEach(clearTimeout);
    },
  };
}
