import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, platforms, profiles, type ProfileResult } from '@/db/schema';
import { logger } from '@/lib/logger';
import { ProviderError, createProviderClient, isProviderError, type ProviderClient, type ProviderTask, type SendRequest } from '@/lib/provider';
import { queueOrderWebhook } from '@/lib/webhooks';
import { finalizeOrder } from './finalize-order';
import { emitOperationUpdate, isFinal, operationUpdate, type Emit } from './operation-update';
import { proofsOf, withProof } from './proofs';

export type ProcessOptions = {
  client?: ProviderClient;
  emit?: Emit;
  /** Between two status polls (default 1 s). */
  pollIntervalMs?: number;
  /** Longest wait for one attempt before it is retried (default 10 min). */
  maxPollMs?: number;
  /**
   * This is the last attempt (retries used up, or the dead-letter queue): a failure ends the
   * order as failed (refunding a paid one) instead of being thrown for a retry.
   */
  lastAttempt?: boolean;
  /** The job's retries are exhausted without a result: end the order now, without calling the provider. */
  giveUp?: boolean;
  /** Aborted when the process stops: the attempt ends and the job is retried later. */
  signal?: AbortSignal;
  /** Test hook: runs right after the provider accepted the send (a crash here must not double anything). */
  afterSubmit?: () => Promise<void> | void;
};

export type ProcessOutcome = 'finalized' | 'already_final' | 'missing';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ProviderError('timeout', 'stopping'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ProviderError('timeout', 'stopping'));
      },
      { once: true },
    );
  });

/**
 * Works one order (the pg-boss job handler): sends it to the platform's endpoint with the order id
 * as idempotency key, polls islem_durumu (or, on a platform without it, repeats the idempotent
 * send) until the provider reports a final state, streams per-profile progress to the owner and
 * ends the order exactly once (finalizeOrder). A retryable provider failure is thrown so the queue
 * retries with backoff; on the last attempt, or for a refusal, the order ends as failed.
 * Safe to run again at any point: a repeated send returns the same provider task.
 */
export async function processOrder(db: Db, orderId: string, options: ProcessOptions = {}): Promise<ProcessOutcome> {
  const emit = options.emit ?? emitOperationUpdate;
  const client = options.client ?? createProviderClient();
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const maxPollMs = options.maxPollMs ?? 10 * 60_000;

  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 'missing';
  if (isFinal(order.status)) return 'already_final';

  const known = new Map<number, 'success' | 'failed' | 'pending'>(
    (order.results as ProfileResult[]).map((r) => [r.profile_id, r.result]),
  );
  // Provider contract 1.1: each successful profile's proof, kept with its result.
  const proofs = proofsOf(order.results as ProfileResult[]);

  const finish = async (error?: string) => {
    const { changed, order: final } = await finalizeOrder(db, orderId, { outcomes: known, proofs, error });
    if (changed) emit(final.userId, operationUpdate(final));
    return changed ? ('finalized' as const) : ('already_final' as const);
  };

  if (options.giveUp) return finish(order.lastError ?? 'retries exhausted');

  // pending → processing (and one more attempt counted); an API order's first start is a status
  // change its webhook reports, queued in the same transaction.
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'processing', attempts: order.attempts + 1, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['pending', 'processing'])))
      .returning();
    if (row && order.status === 'pending') await queueOrderWebhook(tx, row);
    return row;
  });
  if (!started) return 'already_final';
  if (order.status === 'pending') emit(started.userId, operationUpdate(started));

  try {
    const [platform] = await db.select({ apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, order.platform));
    const sendUrl = platform?.apiEndpoints[order.service] ?? '';
    const statusUrl = platform?.apiEndpoints.islem_durumu ?? '';
    const rows = await db
      .select({ id: profiles.id, providerId: profiles.providerId })
      .from(profiles)
      .where(inArray(profiles.id, order.profileIds));
    const toProvider = new Map(rows.map((r) => [r.id, r.providerId]));
    const fromProvider = new Map(rows.map((r) => [r.providerId, r.id]));
    const body: SendRequest = {
      order_id: order.id,
      service: order.service,
      profile_ids: order.profileIds.map((id) => toProvider.get(id) ?? `unknown:${id}`),
      ...(order.targetUrl ? { target_url: order.targetUrl } : {}),
      ...(order.tweetText ? { text: order.tweetText } : {}),
      ...(order.quoteTweetUrl ? { quote_url: order.quoteTweetUrl } : {}),
      ...(order.prompt ? { prompt: order.prompt } : {}),
    };

    const record = async (task: ProviderTask) => {
      let changed = false;
      for (const r of task.results) {
        const id = fromProvider.get(r.profile_id);
        if (id === undefined || !known.has(id)) continue; // a result for a profile we did not send is ignored
        if (known.get(id) !== r.result && known.get(id) === 'pending') {
          known.set(id, r.result);
          changed = true;
        }
        if (known.get(id) === 'success' && (r.proof_url || r.text) && !proofs.has(id)) {
          proofs.set(id, { ...(r.proof_url ? { proof_url: r.proof_url } : {}), ...(r.text ? { text: r.text } : {}) });
          changed = true;
        }
      }
      const taskChanged = order.providerTaskId !== task.task_id;
      if (!changed && !taskChanged) return;
      order.providerTaskId = task.task_id;
      const [saved] = await db
        .update(orders)
        .set({
          providerTaskId: task.task_id,
          results: order.profileIds.map((id) => withProof({ profile_id: id, result: known.get(id) ?? 'pending' }, proofs)),
          successCount: [...known.values()].filter((v) => v === 'success').length,
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
        .returning();
      if (saved && changed) emit(saved.userId, operationUpdate(saved));
    };

    let task = await client.send(sendUrl, body);
    await record(task);
    await options.afterSubmit?.();

    const deadline = Date.now() + maxPollMs;
    while (task.status !== 'completed' && task.status !== 'failed') {
      if (Date.now() > deadline) throw new ProviderError('timeout', 'provider did not finish in time');
      await sleep(pollIntervalMs, options.signal);
      task = statusUrl ? await client.status(statusUrl, task.task_id, order.id) : await client.send(sendUrl, body);
      await record(task);
    }
    // A final task: profiles it still calls pending did not happen.
    return await finish(task.status === 'failed' ? 'provider reported the task failed' : undefined);
  } catch (err) {
    // The process is stopping: leave the order as it is; the queue gives the job to the next run.
    if (options.signal?.aborted) throw err;
    const message = err instanceof Error ? err.message : String(err);
    const retryable = !isProviderError(err) || err.retryable;
    await db.update(orders).set({ lastError: message.slice(0, 500), updatedAt: new Date() }).where(eq(orders.id, orderId));
    if (retryable && !options.lastAttempt) {
      logger.warn({ orderId, err: message }, 'order attempt failed; the queue will retry');
      throw err;
    }
    logger.warn({ orderId, err: message }, 'order failed for good');
    return finish(message.slice(0, 500));
  }
}
