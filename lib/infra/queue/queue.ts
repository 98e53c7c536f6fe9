import 'server-only';
import { PgBoss, fromPglite, type ConstructorOptions, type Job, type PGliteLike, type QueueOptions } from 'pg-boss';
import type { Db, DbHandle } from '@/db/client';
import { rawQuery } from '@/db/raw';
import { logger } from '@/logger';
import { createRepeatGate, errorKind } from '@/lib/infra/log-repeats';

/**
 * The durable job queue (pg-boss 12) on the app's own database: PostgreSQL through a small pool
 * of its own, or the app's single PGlite instance (never a second one). Jobs are inserted in the
 * caller's Drizzle transaction, so an order and its job commit or roll back together; several
 * nodes share the queue through SKIP LOCKED.
 */
export const ORDERS_QUEUE = 'orders';
/** Jobs that used up their retries (or whose worker died on the last one) land here. */
export const ORDERS_DEAD_QUEUE = 'orders_dead';

export type OrderJob = { orderId: string };

/**
 * Password-reset requests (issue 14): POST /api/auth/forgot-password only enqueues one, the same
 * for a known and an unknown e-mail, and answers at once; a worker makes the token and the mail.
 * The job holds an e-mail address, so finished jobs are kept for an hour only.
 */
export const PASSWORD_RESET_QUEUE = 'password_reset';
export type PasswordResetJob = { email: string; locale: string };
const PASSWORD_RESET_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 120,
  expireInSeconds: 300,
  // A request still waiting after this long (no worker node running) is dropped: its link would
  // arrive too late to be expected.
  retentionSeconds: 3600,
  deleteAfterSeconds: 3600,
};

/** Reseller webhook deliveries (lib/domain/webhooks): one job per attempt; a failed attempt queues the next with a delay. */
export const WEBHOOKS_QUEUE = 'webhooks';
export type WebhookJob = { deliveryId: number };

/**
 * Periodic operator work (issue #17: stuck-order reconciliation, the integrity check). Every worker
 * node offers a job each period; the 'exclusive' policy keeps one queued or active per task across
 * all nodes, so the work runs on one node at a time.
 */
export const MAINTENANCE_QUEUE = 'maintenance';
export type MaintenanceTask = 'reconcile' | 'integrity' | 'status-probe' | 'verify' | 'watch';
export type MaintenanceJob = { task: MaintenanceTask };

/**
 * The daily package-expiry pass (issue #18, lib/domain/notifications notifyPackageExpiry). Every worker
 * node offers one job an hour with the same singleton key and a one-day slot, so pg-boss keeps
 * one per day across nodes; the pass itself sends each notice once (notification_marks).
 */
export const PACKAGE_EXPIRY_QUEUE = 'package_expiry';
const DAY_SECONDS = 86_400;

export const DEFAULT_ORDER_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  // A worker refreshes its claim every 15 s; a job whose process died is taken again after 30 s.
  heartbeatSeconds: 30,
  expireInSeconds: 3600,
  deleteAfterSeconds: 7 * 24 * 3600,
};

export type StartQueueOptions = {
  queue?: QueueOptions;
  /** pg-boss supervision (expiry, heartbeat checks) cadence in seconds. */
  monitorIntervalSeconds?: number;
  /** For PostgreSQL: the URL (default: read from the handle's postgres.js client). */
  connectionString?: string;
};

type Global = typeof globalThis & { __etkBoss?: { boss: PgBoss; handle: DbHandle; ready: Promise<PgBoss> } };
const g = globalThis as Global;

/** Starts pg-boss on this database once per process (idempotent) and makes sure the queues exist. */
export function startQueue(handle: DbHandle, options: StartQueueOptions = {}): Promise<PgBoss> {
  if (g.__etkBoss && g.__etkBoss.handle === handle) return g.__etkBoss.ready;
  const boss = new PgBoss(bossOptions(handle, options));
  // While the database is away every worker reports each failed fetch: one line a minute per kind (lib/infra/log-repeats.ts).
  const gate = createRepeatGate();
  boss.on('error', (err: unknown) => {
    const seen = gate(errorKind(err));
    if (seen.log) logger.error({ err, ...(seen.repeated ? { repeatedSinceLastLogged: seen.repeated } : {}) }, 'queue error');
  });
  const ready = (async () => {
    await boss.start();
    const queueOptions = { ...DEFAULT_ORDER_QUEUE_OPTIONS, ...options.queue };
    await ensureQueue(boss, ORDERS_DEAD_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 300 });
    await ensureQueue(boss, ORDERS_QUEUE, { ...queueOptions, deadLetter: ORDERS_DEAD_QUEUE });
    await ensureQueue(boss, PASSWORD_RESET_QUEUE, PASSWORD_RESET_QUEUE_OPTIONS);
    // The delivery schedule (24 h of back-off) is the webhook module's own; pg-boss's retries
    // only cover a worker that died mid-attempt.
    // A queue's policy is fixed when it is created.
    if (!(await boss.getQueue(MAINTENANCE_QUEUE))) {
      await boss.createQueue(MAINTENANCE_QUEUE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 24 * 3600 });
    }
    await ensureQueue(boss, PACKAGE_EXPIRY_QUEUE, { retryLimit: 3, retryDelay: 300, expireInSeconds: 900, deleteAfterSeconds: 7 * 24 * 3600 });
    await ensureQueue(boss, WEBHOOKS_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 7 * 24 * 3600 });
    return boss;
  })();
  g.__etkBoss = { boss, handle, ready };
  ready.catch(() => {
    if (g.__etkBoss?.boss === boss) g.__etkBoss = undefined;
  });
  return ready;
}

async function ensureQueue(boss: PgBoss, name: string, options: QueueOptions & { deadLetter?: string }): Promise<void> {
  if (await boss.getQueue(name)) await boss.updateQueue(name, options);
  else await boss.createQueue(name, options);
}

function bossOptions(handle: DbHandle, options: StartQueueOptions): ConstructorOptions {
  const common: ConstructorOptions = {
    schedule: false,
    monitorIntervalSeconds: options.monitorIntervalSeconds ?? 10,
    superviseIntervalSeconds: options.monitorIntervalSeconds ?? 10,
    persistWarnings: false,
    registerInstance: false,
  };
  if (handle.kind === 'pglite') return { ...common, backend: 'pglite', db: fromPglite(handle.raw as PGliteLike) };
  return { ...common, max: 3, ...postgresConnection(handle, options.connectionString) };
}

function postgresConnection(handle: DbHandle, url?: string): ConstructorOptions {
  if (url) return { connectionString: url };
  const o = (handle.raw as { options: { host: string[]; port: number[]; database: string; user: string; pass?: unknown } }).options;
  return {
    host: o.host[0],
    port: o.port[0],
    database: o.database,
    user: o.user,
    ...(typeof o.pass === 'string' ? { password: o.pass } : {}),
  };
}

export async function getQueue(): Promise<PgBoss> {
  if (!g.__etkBoss) throw new Error('the job queue is not started (server/background.ts starts it)');
  return g.__etkBoss.ready;
}

/**
 * pg-boss's statements run on the caller's transaction, straight on its driver (db/raw.ts): a
 * job commits or rolls back with the rows it belongs to. (pg-boss's own Drizzle adapter rebuilds
 * each statement as a Drizzle template first, issue #19.)
 */
function inTransaction(tx: Db, onSent?: () => void) {
  return {
    executeSql: (text: string, values?: unknown[]) => {
      // `.then` hands the statement to the driver now; only then is it "sent" for `onSent`.
      const answered = rawQuery(tx, text, values ?? []).then((rows) => ({ rows })) as Promise<{ rows: unknown[] }>;
      onSent?.();
      return answered;
    },
  };
}

/**
 * Enqueues the order's job inside the caller's transaction; the job id is the order id. A
 * scheduled order (issue #17) waits for `startAfter`; a spread order's later batches name their
 * own derived `jobId`, so queuing one twice leaves one job (pg-boss inserts with on conflict do nothing).
 */
export async function enqueueOrder(tx: Db, orderId: string, options: { startAfter?: Date; jobId?: string; onSent?: () => void } = {}): Promise<void> {
  const boss = await getQueue();
  await boss.send(ORDERS_QUEUE, { orderId } satisfies OrderJob, {
    id: options.jobId ?? orderId,
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    db: inTransaction(tx, options.onSent),
  });
}

/**
 * Gives an order a fresh job (an admin's retry of a stuck order): its own job, whose id is the
 * order id, may be finished or lost, so this one has an id of its own.
 */
export async function enqueueOrderRetry(tx: Db, orderId: string): Promise<void> {
  const boss = await getQueue();
  await boss.send(ORDERS_QUEUE, { orderId } satisfies OrderJob, { db: inTransaction(tx) });
}

/** Offers one maintenance job; a no-op while that task is already queued or running on any node. */
export async function enqueueMaintenance(task: MaintenanceTask): Promise<string | null> {
  const boss = await getQueue();
  return boss.send(MAINTENANCE_QUEUE, { task } satisfies MaintenanceJob, { singletonKey: task });
}

/** Registers this node's maintenance worker. */
export async function workMaintenance(handler: (job: MaintenanceJob) => Promise<void>, options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = await getQueue();
  await boss.work<MaintenanceJob>(MAINTENANCE_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5, localConcurrency: 1 }, async ([job]) => {
    if (job) await handler(job.data);
  });
}

/**
 * Queues one webhook attempt: inside the caller's transaction (a status change and its webhook
 * commit together) or, for a retry, on its own after `startAfterSeconds`.
 */
export async function enqueueWebhook(deliveryId: number, options: { tx?: Db; startAfterSeconds?: number } = {}): Promise<void> {
  const boss = await getQueue();
  await boss.send(WEBHOOKS_QUEUE, { deliveryId } satisfies WebhookJob, {
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.tx ? { db: inTransaction(options.tx) } : {}),
  });
}

/** Registers this node's webhook workers. */
export async function workWebhooks(handler: (job: Job<WebhookJob>) => Promise<void>, options: { concurrency?: number; pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = await getQueue();
  await boss.work<WebhookJob>(WEBHOOKS_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, localConcurrency: options.concurrency ?? 4 }, async ([job]) => {
    if (job) await handler(job);
  });
}

export const DEFAULT_CONCURRENCY = 16;

export type OrderJobHandler = (job: Job<OrderJob>, meta: { retryCount: number; retryLimit: number; dead: boolean }) => Promise<void>;

/** Registers this node's order workers (and the dead-letter worker that closes orders for good). */
export async function workOrders(handler: OrderJobHandler, options: { concurrency?: number; pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = await getQueue();
  const queue = await boss.getQueue(ORDERS_QUEUE);
  const retryLimit = queue?.retryLimit ?? DEFAULT_ORDER_QUEUE_OPTIONS.retryLimit!;
  // A job waits on the provider for as long as its order runs (polling islem_durumu), so one
  // slow provider would hold every slot of a small pool: each slot is only a pending promise,
  // so a node keeps many.
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, localConcurrency: options.concurrency ?? DEFAULT_CONCURRENCY };
  await boss.work<OrderJob>(ORDERS_QUEUE, polling, async ([job]) => {
    if (job) await handler(job, { retryCount: job.retryCount, retryLimit, dead: false });
  });
  await boss.work<OrderJob>(ORDERS_DEAD_QUEUE, { ...polling, localConcurrency: 1 }, async ([job]) => {
    if (job) await handler(job, { retryCount: job.retryCount, retryLimit, dead: true });
  });
}

/** Enqueues a password-reset request (its own statement: nothing else is written with it). */
export async function enqueuePasswordReset(job: PasswordResetJob): Promise<void> {
  const boss = await getQueue();
  await boss.send(PASSWORD_RESET_QUEUE, job);
}

/** Registers this node's password-reset worker. */
export async function workPasswordResets(
  handler: (job: PasswordResetJob) => Promise<void>,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const boss = await getQueue();
  await boss.work<PasswordResetJob>(
    PASSWORD_RESET_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, localConcurrency: 2 },
    async ([job]) => {
      if (job) await handler(job.data);
    },
  );
}

export async function stopQueue(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
  const current = g.__etkBoss;
  g.__etkBoss = undefined;
  if (!current) return;
  const boss = await current.ready.catch(() => undefined);
  await boss?.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 8000, close: true });
}

/** Offers today's package-expiry job; pg-boss drops it when today's is already there (singleton slot of a day). */
export async function offerPackageExpiryJob(): Promise<string | null> {
  const boss = await getQueue();
  return boss.send(PACKAGE_EXPIRY_QUEUE, {}, { singletonKey: 'daily', singletonSeconds: DAY_SECONDS });
}

/** Registers this node's package-expiry worker. */
export async function workPackageExpiry(handler: () => Promise<void>): Promise<void> {
  const boss = await getQueue();
  await boss.work(PACKAGE_EXPIRY_QUEUE, { pollingIntervalSeconds: 30, localConcurrency: 1 }, async ([job]) => {
    if (job) await handler();
  });
}
