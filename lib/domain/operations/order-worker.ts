import 'server-only';
import type { Db } from '@/db/client';
import { createProviderClient, type ProviderClient } from '@/lib/domain/provider';
import { workOrders } from '@/lib/infra/queue';
import { processOrder, type ProcessOptions } from './process-order';

export type WorkerOptions = Pick<ProcessOptions, 'pollIntervalMs' | 'maxPollMs' | 'emit'> & {
  client?: ProviderClient;
  concurrency?: number;
  pollingIntervalSeconds?: number;
};

/**
 * Registers the order worker on the started queue (server/background.ts): each job runs
 * processOrder; the last retry ends the order instead of throwing, and a job that reaches the
 * dead-letter queue (its worker died on the last attempt) ends its order as failed.
 */
export async function startOrderWorker(db: Db, options: WorkerOptions = {}): Promise<{ stop: () => void }> {
  const client = options.client ?? createProviderClient();
  const stopping = new AbortController();
  await workOrders(
    async (job, meta) => {
      const signal = AbortSignal.any([stopping.signal, job.signal]);
      await processOrder(db, job.data.orderId, {
        client,
        emit: options.emit,
        pollIntervalMs: options.pollIntervalMs,
        maxPollMs: options.maxPollMs,
        lastAttempt: meta.dead || meta.retryCount >= meta.retryLimit,
        giveUp: meta.dead,
        signal,
      });
    },
    { concurrency: options.concurrency, pollingIntervalSeconds: options.pollingIntervalSeconds },
  );
  return { stop: () => stopping.abort() };
}
