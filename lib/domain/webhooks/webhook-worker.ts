import 'server-only';
import type { Db } from '@/db/client';
import { logger } from '@/logger';
import { enqueueWebhook, workWebhooks } from '@/lib/infra/queue';
import { deliverWebhook, type DeliverOptions } from './deliver-webhook';

/**
 * Works the webhooks queue on the worker node (server/background.ts): each job is one attempt;
 * an attempt to try again queues its successor with the back-off delay, so the schedule lives in
 * pg-boss and survives restarts. A job that arrives early (a duplicate) re-queues itself for the
 * delivery's time instead of posting.
 */
export async function startWebhookWorker(db: Db, options: Pick<DeliverOptions, 'allowPrivate' | 'timeoutMs'> & { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await workWebhooks(
    async (job) => {
      const result = await deliverWebhook(db, job.data.deliveryId, options);
      if (result.outcome === 'retry') {
        await enqueueWebhook(job.data.deliveryId, { startAfterSeconds: result.retryInSeconds });
        logger.info({ deliveryId: job.data.deliveryId, retryInSeconds: result.retryInSeconds }, 'webhook delivery will be retried');
      }
    },
    { pollingIntervalSeconds: options.pollingIntervalSeconds },
  );
}
