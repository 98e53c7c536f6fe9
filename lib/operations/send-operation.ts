import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { balanceLedger, orders, platforms, profiles, siteSettings, usageCounters, userPackages, users } from '@/db/schema';
import { env } from '@/env';
import { platformOfService, type Platform, type Service } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { centsToDollars, parseDollars } from '@/lib/money';
import { profilePriceCents } from '@/lib/pricing';
import { checkLowBalance } from '@/lib/notifications';
import { enqueueOrder } from '@/lib/queue';
import { localDay } from '@/lib/time';
import type { SendInput } from './schemas';
import { inForce } from '@/lib/subscriptions';
import { isUniqueViolation } from '@/db/errors';
import { candidateProfiles, candidatesOf, lockTarget, pickProfiles } from './pick-profiles';
import { dripBatches, parseSchedule, planBatches } from './schedule';

export type Sender = { id: number; rol: 'user' | 'admin' };

export type SendResult = {
  taskId: string;
  priceCents: number;
  /** The order already existed under this request id (reseller API idempotency): nothing new happened. */
  replayed?: boolean;
};

/** Where a send comes from: absent for the UI; the reseller API names its key and the caller's request id. */
export type SendOrigin = { apiKeyId?: number; requestId?: string };

export type SendOptions = {
  /** Defaults to env.APP_TIMEZONE. */
  timeZone?: string;
  now?: Date;
  /** Defaults to the pg-boss queue (lib/queue); tests may pass their own. `startAfter`: a scheduled or spread order's first moment. */
  enqueue?: (tx: Db, orderId: string, startAfter?: Date) => Promise<void>;
  /** Tests: the random source of a spread order's moments. */
  random?: () => number;
  origin?: SendOrigin;
};

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * One send of any service (§5, §6, ARCHITECTURE.md "A send, end to end"), from the UI or the
 * reseller API alike. Everything happens in one transaction with the user's row locked, in this
 * order: a request id already used by this user answers its order and does nothing else (API
 * idempotency) → input (profiles exist, are active and belong to the platform; with
 * `input.quantity` and no profile ids the server picks them, pick-profiles.ts) → active package
 * (NO_PACKAGE) → profile count (PROFILE_LIMIT_EXCEEDED) → today's use of the service
 * (DAILY_LIMIT_EXCEEDED) → cooldown (COOLDOWN_ACTIVE) → Twitter minimum profiles → for new tweets
 * the server's price (PRICE_CHANGED, INSUFFICIENT_BALANCE) and its debit → order, usage and job.
 * Admins skip package, caps, daily limits and cooldown.
 */
export async function sendOperation(db: Db, sender: Sender, service: Service, input: SendInput, options: SendOptions = {}): Promise<SendResult> {
  const platform = platformOfService(service);
  if (!platform) throw new AppError('INVALID_SERVICE');
  const requestId = options.origin?.requestId;
  try {
    return await sendInTransaction(db, sender, service, platform, input, options);
  } catch (err) {
    // The user's row lock makes a second send with the same request id find the first one's
    // order; the unique index orders_user_request_uq is the wall behind it.
    if (requestId && isUniqueViolation(err, 'orders_user_request_uq')) {
      const existing = await findByRequestId(db, sender.id, requestId);
      if (existing) return existing;
    }
    throw err;
  }
}

function requestIdQuery(db: Db, userId: number, requestId: string) {
  return db
    .select({ id: orders.id, priceCents: orders.priceCents })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.requestId, requestId)));
}

async function findByRequestId(db: Db, userId: number, requestId: string): Promise<SendResult | undefined> {
  const [order] = await requestIdQuery(db, userId, requestId);
  return order ? { taskId: order.id, priceCents: order.priceCents, replayed: true } : undefined;
}

/** The profiles among `ids` that exist, are active and belong to the platform (with their followers, for prices). */
function chosenProfiles(tx: Db, platform: Platform, ids: number[]) {
  return tx
    .select({ id: profiles.id, followersCount: profiles.followersCount })
    .from(profiles)
    .where(and(inArray(profiles.id, ids), eq(profiles.platform, platform), eq(profiles.status, 'active')));
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
type SettledOf<Q> = Q extends PromiseLike<infer V> ? Settled<V> : undefined;

/**
 * Sends every query at once and waits for all (issue #19): `.then` is called on each in array
 * order, in one synchronous loop, so the drivers put them on the transaction's connection in that
 * order (postgres.js pipelines them in one write; PGlite runs them in turn), and PostgreSQL runs
 * them in that order. Only lazy query builders belong here, never an async function's promise,
 * whose query would be sent a microtask later, out of order. An entry may be undefined (a read
 * this send does not need). A failed read does not throw here: `unwrap` throws it when its result
 * is used, so the refusals keep their order.
 */
function pipelined<const T extends readonly (PromiseLike<unknown> | undefined)[]>(
  queries: T,
): Promise<{ [K in keyof T]: SettledOf<T[K]> }> {
  return Promise.all(queries.map((q) => (q ? settle(q) : undefined))) as never;
}

/** Its outcome as a value; `.then` is called at once, so a lazy query is sent now. */
function settle<T>(promise: PromiseLike<T>): Promise<Settled<T>> {
  return Promise.resolve(
    promise.then(
      (value): Settled<T> => ({ ok: true, value }),
      (error: unknown): Settled<T> => ({ ok: false, error }),
    ),
  );
}

function unwrap<T>(settled: Settled<T>): T;
function unwrap<T>(settled: Settled<T> | undefined): T | undefined;
function unwrap<T>(settled: Settled<T> | undefined): T | undefined {
  if (!settled) return undefined;
  if (!settled.ok) throw settled.error;
  return settled.value;
}

async function sendInTransaction(
  db: Db,
  sender: Sender,
  service: Service,
  platform: NonNullable<ReturnType<typeof platformOfService>>,
  input: SendInput,
  options: SendOptions,
): Promise<SendResult> {
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;
  const enqueue = options.enqueue ?? ((tx: Db, orderId: string, startAfter?: Date) => enqueueOrder(tx, orderId, { startAfter }));
  const isAdmin = sender.rol === 'admin';
  const origin = options.origin ?? {};

  return db.transaction(async (tx) => {
    const now = options.now ?? new Date();
    const day = localDay(now, timeZone);
    const given = input.profileIds.length > 0;

    // Issue #19: the reads go to the database together (pipelined on the transaction's
    // connection, one round trip): PostgreSQL runs them one after another in this order, so
    // everything after the user's row lock reads what was committed before the lock was granted,
    // exactly as when each was awaited in turn. Their results are then checked in the order below,
    // which decides which refusal a send gets when several apply.
    const userQ = tx.select({ id: users.id, bakiyeCents: users.bakiyeCents }).from(users).where(eq(users.id, sender.id)).for('update');
    const existingQ = origin.requestId ? requestIdQuery(tx, sender.id, origin.requestId) : undefined;
    // One profile never acts twice on one target for one service (issue #17): sends on the same
    // target are serialized from here to their commit, then the chosen profiles are checked.
    const targetLockQ = input.targetUrl ? lockTarget(tx, service, input.targetUrl) : undefined;
    // Input: distinct, existing, active profiles of this platform (distinctness is in the schema),
    // none of them already on the target: one statement for both checks. Or the server's pick of
    // `quantity` of them.
    const candidatesQ = given ? candidateProfiles(tx, { platform, service, targetUrl: input.targetUrl, candidates: input.profileIds }) : undefined;
    // The platform with the site's send settings (joined), and the customer's package with today's
    // use of the service and its last use (subqueries): one statement each, read after the lock.
    const platformQ = tx
      .select({
        aktif: platforms.aktif,
        apiEndpoints: platforms.apiEndpoints,
        cooldownSeconds: siteSettings.cooldownSeconds,
        twitterMinProfiles: siteSettings.twitterMinProfiles,
      })
      .from(platforms)
      .leftJoin(siteSettings, eq(siteSettings.id, 1))
      .where(eq(platforms.ad, platform));
    const packageQ = isAdmin
      ? undefined
      : tx
          .select({
            gunlukLimit: userPackages.gunlukLimit,
            profilLimit: userPackages.profilLimit,
            usedToday: sql<number | null>`(select ${usageCounters.count} from ${usageCounters} where ${usageCounters.userId} = ${sender.id} and ${usageCounters.service} = ${service} and ${usageCounters.day} = ${day})`,
            lastUsedAt: sql<Date | null>`(select ${usageCounters.lastUsedAt} from ${usageCounters} where ${usageCounters.userId} = ${sender.id} and ${usageCounters.service} = ${service} order by ${usageCounters.day} desc limit 1)`.mapWith(
              usageCounters.lastUsedAt,
            ),
          })
          .from(userPackages)
          .where(and(eq(userPackages.userId, sender.id), eq(userPackages.platform, platform), inForce(now)))
          .limit(1);
    const [userRows, existingRows, targetLock, candidateRows, platformRows, pkgRows] = await pipelined([userQ, existingQ, targetLockQ, candidatesQ, platformQ, packageQ]);

    const user = unwrap(userRows)[0];
    if (!user) throw new AppError('UNAUTHORIZED');
    const existing = unwrap(existingRows)?.[0];
    if (existing) return { taskId: existing.id, priceCents: existing.priceCents, replayed: true };
    // Issue #17: when and over how long; checked before anything else of the body.
    const schedule = parseSchedule(input, now);
    unwrap(targetLock);

    // With `quantity` the server picks the profiles now (after the target's lock) and reads them
    // back: two more round trips, for the reseller API only.
    const profileIds = given ? input.profileIds : await pickProfiles(tx, { platform, service, targetUrl: input.targetUrl, quantity: input.quantity ?? 0 });
    const candidates = candidateRows ? candidatesOf(unwrap(candidateRows)) : undefined;
    const doneIds = candidates ? candidates.filter((c) => c.done).map((c) => c.id) : [];
    if (doneIds.length > 0) throw new AppError('ALREADY_DONE', { params: { count: doneIds.length }, extra: { profile_ids: doneIds } });
    if (profileIds.length === 0) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: 0 } });
    const chosen = candidates
      ? candidates.filter((c) => c.usable).map((c) => ({ id: c.id, followersCount: c.followersCount ?? 0 }))
      : await chosenProfiles(tx, platform, profileIds);
    if (chosen.length !== profileIds.length) throw new AppError('PROFILES_UNAVAILABLE');

    const platformRow = unwrap(platformRows)[0];
    if (!platformRow?.aktif) throw new AppError('PLATFORM_INACTIVE');
    if (!platformRow.apiEndpoints[service]) throw new AppError('SERVICE_UNAVAILABLE');

    const cooldownSeconds = platformRow.cooldownSeconds ?? 30;
    const twitterMinProfiles = platformRow.twitterMinProfiles ?? 1;

    if (!isAdmin) {
      const pkg = unwrap(pkgRows)?.[0];
      if (!pkg) throw new AppError('NO_PACKAGE', { params: { platform } });

      if (profileIds.length > pkg.profilLimit) {
        throw new AppError('PROFILE_LIMIT_EXCEEDED', { params: { limit: pkg.profilLimit } });
      }

      if ((pkg.usedToday ?? 0) >= pkg.gunlukLimit) {
        throw new AppError('DAILY_LIMIT_EXCEEDED', { params: { limit: pkg.gunlukLimit } });
      }

      if (cooldownSeconds > 0 && pkg.lastUsedAt) {
        const remainingMs = pkg.lastUsedAt.getTime() + cooldownSeconds * 1000 - now.getTime();
        if (remainingMs > 0) {
          const remainingSeconds = Math.ceil(remainingMs / 1000);
          throw new AppError('COOLDOWN_ACTIVE', { params: { remainingSeconds }, headers: { 'retry-after': String(remainingSeconds) } });
        }
      }
    }

    if (platform === 'twitter' && profileIds.length < twitterMinProfiles) {
      throw new AppError('MIN_PROFILES', { params: { min: twitterMinProfiles } });
    }

    let priceCents = 0;
    const profilePricesCents: Record<string, number> = {};
    if (service === 'new_tweet') {
      for (const p of chosen) {
        profilePricesCents[String(p.id)] = profilePriceCents(p.followersCount);
        priceCents += profilePricesCents[String(p.id)]!;
      }
      if (input.tweetPrice !== undefined && input.tweetPrice !== null && input.tweetPrice !== '') {
        const confirmed = parseDollars(input.tweetPrice);
        if (confirmed !== priceCents) {
          throw new AppError('PRICE_CHANGED', {
            params: { price: money(priceCents) },
            extra: { tweetPrice: centsToDollars(priceCents), price: centsToDollars(priceCents) },
          });
        }
      }
      if (user.bakiyeCents < priceCents) {
        throw new AppError('INSUFFICIENT_BALANCE', {
          params: { required: money(priceCents), current: money(user.bakiyeCents) },
          extra: { required: centsToDollars(priceCents), current: centsToDollars(user.bakiyeCents) },
        });
      }
    }

    // A scheduled order counts against the day it is placed (docs/decisions.md): its usage and
    // charge are taken now, and a cancel gives that day's use back.
    const firstMoment = schedule.startAt ?? now;
    const batches = input.drip && input.drip.runs > 1 ? dripBatches(profileIds, firstMoment, input.drip) : planBatches(profileIds, firstMoment, schedule.spreadMinutes, options.random);
    const startAfter = batches.length > 0 ? new Date(batches[0]!.at) : (schedule.startAt ?? undefined);
    // The writes go together too: the order (its id made here, so the job and the ledger can
    // name it without waiting for the insert), the day's usage, a new tweet's debit, and the job.
    const orderId = randomUUID();
    const insertOrderQ = tx.insert(orders).values({
        id: orderId,
        // Not started until its first moment: scheduled (cancellable) while that lies ahead.
        status: startAfter && startAfter.getTime() > now.getTime() ? 'scheduled' : 'pending',
        startAt: schedule.startAt,
        spreadMinutes: input.drip && input.drip.runs > 1 ? (input.drip.runs - 1) * input.drip.intervalMinutes : schedule.spreadMinutes,
        batches,
        nextBatchAt: batches.length > 0 ? new Date(batches[0]!.at) : null,
        userId: user.id,
        platform,
        service,
        targetUrl: input.targetUrl ?? null,
        tweetText: input.tweetText ?? null,
        quoteTweetUrl: input.quoteTweetUrl ?? null,
        prompt: input.prompt ?? null,
        profileIds: profileIds,
        profileCount: profileIds.length,
        priceCents,
        profilePricesCents,
        usageDay: day,
        apiKeyId: origin.apiKeyId ?? null,
        requestId: origin.requestId ?? null,
        results: profileIds.map((id) => ({ profile_id: id, result: 'pending' as const })),
      });
    const countUseQ = tx
      .insert(usageCounters)
      .values({ userId: user.id, service, day, count: 1, lastUsedAt: now })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.service, usageCounters.day],
        set: { count: sql`${usageCounters.count} + 1`, lastUsedAt: now },
      });
    const priced = priceCents > 0;
    const ledgerQ = priced ? tx.insert(balanceLedger).values({ userId: user.id, amountCents: -priceCents, reason: 'new_tweet', orderId }) : undefined;
    const debitQ = priced
      ? tx
          .update(users)
          .set({ bakiyeCents: sql`${users.bakiyeCents} - ${priceCents}` })
          .where(eq(users.id, user.id))
      : undefined;
    const writes = pipelined([insertOrderQ, countUseQ, ledgerQ, debitQ]);
    // The job's insert is not a plain query (pg-boss builds it), so it may reach the connection
    // before or after the rows above; the transaction makes that order irrelevant.
    const queued = settle(enqueue(tx, orderId, startAfter && startAfter.getTime() > now.getTime() ? startAfter : undefined));
    const [[inserted, counted, ledgered, debited], job] = await Promise.all([writes, queued]);
    unwrap(inserted);
    unwrap(counted);
    unwrap(ledgered);
    unwrap(debited);
    unwrap(job);
    if (priced) await checkLowBalance(tx, user.id, user.bakiyeCents - priceCents);
    return { taskId: orderId, priceCents };
  });
}
