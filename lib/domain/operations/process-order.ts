import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, platforms, profiles, type ProfileResult } from '@/db/schema';
import { logger } from '@/logger';
import { ProviderError, createProviderClient, isProviderError, type ProviderClient, type ProviderTask, type SendRequest } from '@/lib/domain/provider';
import { queueOrderWebhook } from '@/lib/domain/webhooks';
import { finalizeOrder } from './finalize-order';
import { emitOperationUpdate, isFinal, operationUpdate, type Emit } from './operation-update';
import { proofsOf, withProof } from './proofs';
import { randomUUID } from 'node:crypto';
import { batchJobId, batchKey } from './schedule';
import { enqueueOrder } from '@/lib/infra/queue';
import { bookProfileActions, profileHourlyCap } from './hourly-cap';
import { WAITING_STATUSES } from '@/lib/domain/order-figures';

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
  /** A spread order's next batch (default: pg-boss with startAfter and a derived job id). */
  enqueueBatch?: (tx: Db, orderId: string, index: number, at: Date) => Promise<void>;
  /** A job that ran before its order was due queues another for the moment (default: pg-boss, a fresh job id). */
  enqueueLater?: (tx: Db, orderId: string, at: Date) => Promise<void>;
  now?: () => Date;
  /** The per-profile hourly cap (default: the site setting). */
  hourlyCap?: number;
};

/**
 * `batch_done`: a spread order's batch ended and the next one is queued; `waiting`: its batch is
 * not due yet, or a profile of it has used the hourly cap and the send waits for room.
 */
export type ProcessOutcome = 'finalized' | 'already_final' | 'missing' | 'batch_done' | 'waiting';

const defaultEnqueueLater = (tx: Db, orderId: string, at: Date) => enqueueOrder(tx, orderId, { jobId: randomUUID(), startAfter: at });
const defaultEnqueueBatch = (tx: Db, orderId: string, index: number, at: Date) =>
  enqueueOrder(tx, orderId, { jobId: batchJobId(orderId, index), startAfter: at });

/** Waits between polls; a stop (the job's or the worker's signal) ends the wait at once. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ProviderError('timeout', 'stopping'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('timeout', 'stopping'));
    };
    // The listener goes when the wait ends: one per poll stayed on the job's signal until the job
    // ended (Node warned of a possible leak after ten polls of one order).
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Works one order (the pg-boss job handler): sends it to the platform's endpoint with the order id
 * as idempotency key, polls islem_durumu (or, on a platform without it, repeats the idempotent
 * send) until the provider reports a final state, streams per-profile progress to the owner and
 * ends the order exactly once (finalizeOrder). A retryable provider failure is thrown so the queue
 * retries with backoff; on the last attempt, or for a refusal, the order ends as failed.
 * Safe to run again at any point: a repeated send returns the same provider task.
 * A spread order (issue #17) is worked one batch per job: batches[batchesDone] is sent with its
 * own key (`<order id>:<index>`), and when its task is final the next batch's job is queued for
 * its moment in the transaction that counts the batch done; the last batch ends the order.
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

  // Issue #17 spread orders: one batch per job, batches[batchesDone] next.
  const now = options.now ?? (() => new Date());
  const enqueueBatch = options.enqueueBatch ?? defaultEnqueueBatch;
  const batches = order.batches;
  const batchIndex = order.batchesDone;
  const batch = batches.length > 0 ? batches[batchIndex] : undefined;
  if (batches.length > 0 && !batch) return finish();
  const sendIds = batch ? batch.profile_ids : order.profileIds;
  // Not due yet (a job run early: an admin's retry, clocks of two nodes apart): another job waits
  // for the moment; running an order twice is safe (the batchesDone guard, idempotent sends).
  const dueAt = batch ? new Date(batch.at) : order.status === 'scheduled' ? order.startAt : null;
  if (dueAt && dueAt.getTime() > now().getTime() + 1000) {
    await db.transaction((tx) => (options.enqueueLater ?? defaultEnqueueLater)(tx, orderId, dueAt));
    return 'waiting';
  }

  // Issue #17: a profile acts at most `cap` times in any hour. A send that would go over waits, whole,
  // for the moment all its profiles have room; until then the order counts as moved at that moment,
  // so the stuck-order check leaves it alone. The booking is what the cap counts.
  const cap = options.hourlyCap ?? (await profileHourlyCap(db));
  const roomAt = await bookProfileActions(db, { orderId, batchIndex: batch ? batchIndex : 0, profileIds: sendIds, cap, now: now() });
  if (roomAt) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ updatedAt: roomAt, ...(batch ? { nextBatchAt: roomAt } : {}) })
        .where(and(eq(orders.id, orderId), inArray(orders.status, WAITING_STATUSES), eq(orders.batchesDone, batchIndex)))
        .returning({ id: orders.id });
      if (row) await (options.enqueueLater ?? defaultEnqueueLater)(tx, orderId, roomAt);
    });
    logger.info({ orderId, roomAt: roomAt.toISOString(), cap }, 'a profile of this send has used its hourly cap; the send waits');
    return 'waiting';
  }

  // pending/scheduled → processing (and one more attempt counted); an API order's first start is a
  // status change its webhook reports, queued in the same transaction. The update takes the order's
  // row lock, as cancelOrder does: a cancel and this start never both win.
  const firstStart = order.status === 'pending' || order.status === 'scheduled';
  const started = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'processing', attempts: order.attempts + 1, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), inArray(orders.status, WAITING_STATUSES), eq(orders.batchesDone, batchIndex)))
      .returning();
    if (row && firstStart) await queueOrderWebhook(tx, row);
    return row;
  });
  if (!started) return 'already_final';
  if (firstStart) emit(started.userId, operationUpdate(started));

  try {
    const [platform] = await db.select({ apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, order.platform));
    const sendUrl = platform?.apiEndpoints[order.service] ?? '';
    const statusUrl = platform?.apiEndpoints.islem_durumu ?? '';
    const rows = await db
      .select({ id: profiles.id, providerId: profiles.providerId })
      .from(profiles)
      .where(inArray(profiles.id, sendIds));
    const toProvider = new Map(rows.map((r) => [r.id, r.providerId]));
    const fromProvider = new Map(rows.map((r) => [r.providerId, r.id]));
    const body: SendRequest = {
      // A batch has its own idempotency key: a repeated batch reuses its provider task.
      order_id: batch ? batchKey(order.id, batchIndex) : order.id,
      service: order.service,
      profile_ids: sendIds.map((id) => toProvider.get(id) ?? `unknown:${id}`),
      ...(order.targetUrl ? { target_url: order.targetUrl } : {}),
      ...(order.tweetText ? { text: order.tweetText } : {}),
      ...(order.quoteTweetUrl ? { quote_url: order.quoteTweetUrl } : {}),
      ...(order.prompt ? { prompt: order.prompt } : {}),
      // Contract 1.4 (issue #36 item 6): the approved texts of this send's profiles, posted verbatim.
      ...(order.comments ? { comments: approvedFor(order.comments, sendIds, toProvider) } : {}),
    };

    // The order's last answer from the provider ends it at once (finish below writes the results
    // and sends the final event): no progress event and no separate results write before it, only
    // the provider's task id when it is new (issue #19: the end of many orders at once did both).
    const lastBatch = !(batch && batchIndex + 1 < batches.length);
    const record = async (task: ProviderTask) => {
      const ending = lastBatch && (task.status === 'completed' || task.status === 'failed');
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
      // Contract 1.2: the target's count when the provider started, kept from its first report.
      const newStartCount = order.startCount === null && task.start_count !== undefined;
      if (!taskChanged && !newStartCount && (!changed || ending)) return;
      order.providerTaskId = task.task_id;
      if (newStartCount) order.startCount = task.start_count!;
      const [saved] = await db
        .update(orders)
        .set({
          providerTaskId: task.task_id,
          ...(newStartCount ? { startCount: task.start_count } : {}),
          results: order.profileIds.map((id) => withProof({ profile_id: id, result: known.get(id) ?? 'pending' }, proofs)),
          successCount: [...known.values()].filter((v) => v === 'success').length,
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
        .returning();
      if (saved && changed && !ending) emit(saved.userId, operationUpdate(saved));
    };

    // A batch ended: the next one is queued for its moment in the same transaction that counts this
    // one done (only once: the update requires batchesDone to be this batch). Until then the order
    // counts as moved at that moment, so the stuck-order check leaves it alone.
    const nextBatch = async (): Promise<ProcessOutcome> => {
      const next = batches[batchIndex + 1]!;
      const at = new Date(next.at);
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ batchesDone: batchIndex + 1, nextBatchAt: at, updatedAt: at > now() ? at : now() })
          .where(and(eq(orders.id, orderId), eq(orders.status, 'processing'), eq(orders.batchesDone, batchIndex)))
          .returning({ id: orders.id });
        if (row) await enqueueBatch(tx, orderId, batchIndex + 1, at);
        return row;
      });
      return moved ? 'batch_done' : 'already_final';
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
    if (!lastBatch) return await nextBatch();
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

/** Contract 1.4: the approved comments of the profiles of one send (a batch), by provider id. */
function approvedFor(comments: { profile_id: number; text: string }[], sendIds: number[], toProvider: Map<number, string>): { profile_id: string; text: string }[] {
  const ids = new Set(sendIds);
  return comments.filter((c) => ids.has(c.profile_id)).map((c) => ({ profile_id: toProvider.get(c.profile_id) ?? `unknown:${c.profile_id}`, text: c.text }));
}
