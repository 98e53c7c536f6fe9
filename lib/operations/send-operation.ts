import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { transactionWithPipelinedBegin, type Db } from '@/db/client';
import { profiles } from '@/db/schema';
import { env } from '@/env';
import { platformOfService, type Platform, type Service, hasMinProfilesSetting, isPaidByFollowers } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { exemptFromLimits, type TokenKind } from '@/lib/credentials';
import { centsToDollars, parseDollars } from '@/lib/money';
import { profilePriceCents } from '@/lib/pricing';
import { checkLowBalance } from '@/lib/notifications';
import { enqueueOrder } from '@/lib/queue';
import { localDay } from '@/lib/time';
import type { SendInput } from './schemas';
import { isUniqueViolation } from '@/db/errors';
import { inForceSql } from '@/lib/subscriptions';
import { rawQuery } from '@/db/raw';
import { candidateProfiles, lockTarget, pickProfiles } from './pick-profiles';
import { dripBatches, parseSchedule, planBatches } from './schedule';

/** `kind` is the credential's (AuthUser.kind): only an admin session skips the customer rules (exemptFromLimits). */
export type Sender = { id: number; rol: 'user' | 'admin'; kind?: TokenKind };

export type SendResult = {
  taskId: string;
  /** Issue #33: the order's public number ("#123", the reseller protocol's `order`). */
  orderNumber: number;
  /** What the order took from the balance (cents): a new tweet's tier prices or a pay-per-action order's price × profiles; 0 under a package. */
  priceCents: number;
  /** Issue #33 item 7: the order was paid per action from the balance (no package in force, or past its daily limit). */
  payPerAction?: boolean;
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
  enqueue?: (tx: Db, orderId: string, startAfter?: Date, onSent?: () => void) => Promise<void>;
  /** Tests: the random source of a spread order's moments. */
  random?: () => number;
  origin?: SendOrigin;
  /**
   * Issue #33 item 6: the reseller's `max_charge` (cents). An order that would take more from the
   * balance is refused (MAX_CHARGE_EXCEEDED) before anything is written or charged.
   */
  maxChargeCents?: number;
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
 * An admin session skips package, caps, daily limits and cooldown (exemptFromLimits).
 *
 * Pay per action (issue #33 item 7, docs/orders.md): when the service has an enabled price per
 * action (service_prices, read in the platform's statement), a customer without a package in
 * force for the platform, or past its daily limit, is not refused NO_PACKAGE /
 * DAILY_LIMIT_EXCEEDED: the order is charged price × profiles from the balance, each profile's
 * price kept in profile_prices_cents, so finalize refunds every failed profile once, exactly as a
 * new tweet. Without a package the cap is the price row's max_profiles; with one, its profile
 * limit. Cooldown applies either way.
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

/** The order a user already placed under a request id (reseller API idempotency): inside the send's transaction, or after it lost the race. */
function byRequestId(db: Db, userId: number, requestId: string) {
  return rawQuery<{ id: string; number: number; priceCents: number }>(db, BY_REQUEST_ID, [userId, requestId]);
}

async function findByRequestId(db: Db, userId: number, requestId: string): Promise<SendResult | undefined> {
  const [order] = await byRequestId(db, userId, requestId);
  return order ? { taskId: order.id, orderNumber: order.number, priceCents: order.priceCents, replayed: true } : undefined;
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

/*
 * The send's statements as fixed texts, run through the driver without Drizzle's query building
 * and row mapping (db/raw.ts, issue #19). Times go in as ISO text and come out as epoch
 * milliseconds; the balance (int8) as float8, exact for any balance in cents.
 */
const LOCK_USER = `select id, bakiye_cents::float8 as "bakiyeCents" from users where id = $1::int for update`;

const BY_REQUEST_ID = `select id, number::float8 as number, price_cents as "priceCents" from orders where user_id = $1::int and request_id = $2::text`;

/** With the service's enabled price per action (issue #33 item 7), null when pay-per-action is off for it. */
type PlatformRow = {
  aktif: boolean;
  apiEndpoints: Record<string, string>;
  cooldownSeconds: number | null;
  twitterMinProfiles: number | null;
  actionPriceCents: number | null;
  actionMaxProfiles: number | null;
};
const PLATFORM_AND_SETTINGS = `
  select p.aktif, p.api_endpoints as "apiEndpoints",
         s.cooldown_seconds as "cooldownSeconds", s.twitter_min_profiles as "twitterMinProfiles",
         sp.price_cents as "actionPriceCents", sp.max_profiles as "actionMaxProfiles"
    from platforms p left join site_settings s on s.id = 1
    left join service_prices sp on sp.service = $2::text and sp.enabled and sp.service <> 'new_tweet'
   where p.ad = $1::platform`;

/**
 * The package in force (lib/subscriptions inForceSql; its limits null without one), today's use
 * of the service and its last use (ms, truncated as a Date is): always one row, since a customer
 * without a package may still order per action (issue #33 item 7) and its cooldown needs the use.
 */
type PackageRow = { gunlukLimit: number | null; profilLimit: number | null; usedToday: number | null; lastUsedMs: number | null };
const PACKAGE_AND_USE = `
  select pk.gunluk_limit as "gunlukLimit", pk.profil_limit as "profilLimit",
         (select u.count from usage_counters u
           where u.user_id = $1::int and u.service = $3::text and u.day = $4::date) as "usedToday",
         (select floor(extract(epoch from u.last_used_at) * 1000)::float8 from usage_counters u
           where u.user_id = $1::int and u.service = $3::text order by u.day desc limit 1) as "lastUsedMs"
    from (select 1) one
    left join lateral (
      select up.gunluk_limit, up.profil_limit from user_packages up
       where up.user_id = $1::int and up.platform = $2::platform and ${inForceSql('up', '$5::timestamptz')}
       limit 1) pk on true`;

const INSERT_ORDER = `
  insert into orders (id, status, start_at, spread_minutes, batches, next_batch_at, user_id, platform, service,
                      target_url, tweet_text, quote_tweet_url, prompt, profile_ids, profile_count, price_cents,
                      profile_prices_cents, usage_day, api_key_id, request_id, results)
  values ($1::uuid, $2::order_status, $3::timestamptz, $4::int, $5::jsonb, $6::timestamptz, $7::int, $8::platform, $9::text,
          $10::text, $11::text, $12::text, $13::text, $14::jsonb, $15::int, $16::int,
          $17::jsonb, $18::date, $19::int, $20::text, $21::jsonb)
  returning number::float8 as number`;

const COUNT_USE = `
  insert into usage_counters (user_id, service, day, count, last_used_at)
  values ($1::int, $2::text, $3::date, 1, $4::timestamptz)
  on conflict (user_id, service, day) do update set count = usage_counters.count + 1, last_used_at = excluded.last_used_at`;

/** Every order's charge is one 'new_tweet' debit row (the reason's historical name; balance_ledger_order_debit_uq); a pay-per-action charge carries the note 'pay_per_action'. */
const LEDGER_DEBIT = `insert into balance_ledger (user_id, amount_cents, reason, order_id, note) values ($1::int, $2::int, 'new_tweet', $3::uuid, $4::text)`;

const DEBIT = `update users set bakiye_cents = bakiye_cents - $2::int, updated_at = now() where id = $1::int`;

async function sendInTransaction(
  db: Db,
  sender: Sender,
  service: Service,
  platform: NonNullable<ReturnType<typeof platformOfService>>,
  input: SendInput,
  options: SendOptions,
): Promise<SendResult> {
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;
  const enqueue = options.enqueue ?? ((tx: Db, orderId: string, startAfter?: Date, onSent?: () => void) => enqueueOrder(tx, orderId, { startAfter, onSent }));
  const isAdmin = exemptFromLimits(sender);
  const origin = options.origin ?? {};

  // BEGIN goes out with the reads below (db/client.ts, issue #19): one round trip less.
  return transactionWithPipelinedBegin(db, async (tx, began, commitNow) => {
    const now = options.now ?? new Date();
    const day = localDay(now, timeZone);
    const given = input.profileIds.length > 0;

    // Issue #19: the reads go to the database together (pipelined on the transaction's
    // connection, one round trip): PostgreSQL runs them one after another in this order, so
    // everything after the user's row lock reads what was committed before the lock was granted,
    // exactly as when each was awaited in turn. Their results are then checked in the order below,
    // which decides which refusal a send gets when several apply.
    const userQ = rawQuery<{ id: number; bakiyeCents: number }>(tx, LOCK_USER, [sender.id]);
    const existingQ = origin.requestId ? byRequestId(tx, sender.id, origin.requestId) : undefined;
    // One profile never acts twice on one target for one service (issue #17): sends on the same
    // target are serialized from here to their commit, then the chosen profiles are checked.
    const targetLockQ = input.targetUrl ? lockTarget(tx, service, input.targetUrl) : undefined;
    // Input: distinct, existing, active profiles of this platform (distinctness is in the schema),
    // none of them already on the target: one statement for both checks. Or the server's pick of
    // `quantity` of them.
    const candidatesQ = given ? candidateProfiles(tx, { platform, service, targetUrl: input.targetUrl, candidates: input.profileIds }) : undefined;
    // The platform with the site's send settings (joined), and the customer's package with today's
    // use of the service and its last use (subqueries): one statement each, read after the lock.
    const platformQ = rawQuery<PlatformRow>(tx, PLATFORM_AND_SETTINGS, [platform, service]);
    const packageQ = isAdmin ? undefined : rawQuery<PackageRow>(tx, PACKAGE_AND_USE, [sender.id, platform, service, day, now.toISOString()]);
    const [userRows, existingRows, targetLock, candidateRows, platformRows, pkgRows] = await pipelined([userQ, existingQ, targetLockQ, candidatesQ, platformQ, packageQ]);
    // Answered before the reads were: nothing below runs unless they ran inside the transaction.
    await began;

    const user = unwrap(userRows)[0];
    if (!user) throw new AppError('UNAUTHORIZED');
    const existing = unwrap(existingRows)?.[0];
    if (existing) return { taskId: existing.id, orderNumber: existing.number, priceCents: existing.priceCents, replayed: true };
    // Issue #17: when and over how long; checked before anything else of the body.
    const schedule = parseSchedule(input, now);
    unwrap(targetLock);

    // With `quantity` the server picks the profiles now (after the target's lock) and reads them
    // back: two more round trips, for the reseller API only.
    const profileIds = given ? input.profileIds : await pickProfiles(tx, { platform, service, targetUrl: input.targetUrl, quantity: input.quantity ?? 0 });
    const candidates = unwrap(candidateRows);
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

    // Issue #33 item 7: the service's enabled price per action, if any (never for new tweets).
    const perAction =
      platformRow.actionPriceCents !== null && platformRow.actionPriceCents > 0 ? { priceCents: platformRow.actionPriceCents, maxProfiles: platformRow.actionMaxProfiles ?? 0 } : null;
    let payPerAction = false;
    if (!isAdmin) {
      const use = unwrap(pkgRows)![0]!;
      const pkg = use.gunlukLimit !== null && use.profilLimit !== null ? { gunlukLimit: use.gunlukLimit, profilLimit: use.profilLimit } : null;
      if (!pkg) {
        if (!perAction) throw new AppError('NO_PACKAGE', { params: { platform } });
        payPerAction = true;
      }
      // Without a package, the price row's cap per order; with one, the package's profile limit.
      const cap = pkg ? pkg.profilLimit : perAction!.maxProfiles;
      if (profileIds.length > cap) {
        throw new AppError('PROFILE_LIMIT_EXCEEDED', { params: { limit: cap } });
      }

      if (pkg && (use.usedToday ?? 0) >= pkg.gunlukLimit) {
        if (!perAction) throw new AppError('DAILY_LIMIT_EXCEEDED', { params: { limit: pkg.gunlukLimit } });
        payPerAction = true;
      }

      if (cooldownSeconds > 0 && use.lastUsedMs !== null) {
        const remainingMs = use.lastUsedMs + cooldownSeconds * 1000 - now.getTime();
        if (remainingMs > 0) {
          const remainingSeconds = Math.ceil(remainingMs / 1000);
          throw new AppError('COOLDOWN_ACTIVE', { params: { remainingSeconds }, headers: { 'retry-after': String(remainingSeconds) } });
        }
      }
    }

    if (hasMinProfilesSetting(platform) && profileIds.length < twitterMinProfiles) {
      throw new AppError('MIN_PROFILES', { params: { min: twitterMinProfiles } });
    }

    let priceCents = 0;
    const profilePricesCents: Record<string, number> = {};
    if (isPaidByFollowers(service)) {
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
    } else if (payPerAction && perAction) {
      for (const id of profileIds) {
        profilePricesCents[String(id)] = perAction.priceCents;
        priceCents += perAction.priceCents;
      }
    }
    if (options.maxChargeCents !== undefined && priceCents > options.maxChargeCents) {
      throw new AppError('MAX_CHARGE_EXCEEDED', {
        params: { charge: money(priceCents), max_charge: money(options.maxChargeCents) },
        extra: { charge: money(priceCents), max_charge: money(options.maxChargeCents) },
      });
    }
    if (priceCents > 0 && user.bakiyeCents < priceCents) {
      throw new AppError('INSUFFICIENT_BALANCE', {
        params: { required: money(priceCents), current: money(user.bakiyeCents) },
        extra: { required: centsToDollars(priceCents), current: centsToDollars(user.bakiyeCents) },
      });
    }

    // A scheduled order counts against the day it is placed (docs/decisions.md): its usage and
    // charge are taken now, and a cancel gives that day's use back.
    const firstMoment = schedule.startAt ?? now;
    const batches = input.drip && input.drip.runs > 1 ? dripBatches(profileIds, firstMoment, input.drip) : planBatches(profileIds, firstMoment, schedule.spreadMinutes, options.random);
    const startAfter = batches.length > 0 ? new Date(batches[0]!.at) : (schedule.startAt ?? undefined);
    // The writes go together too: the order (its id made here, so the job and the ledger can
    // name it without waiting for the insert), the day's usage, a new tweet's debit, and the job.
    const orderId = randomUUID();
    const spreadMinutes = input.drip && input.drip.runs > 1 ? (input.drip.runs - 1) * input.drip.intervalMinutes : schedule.spreadMinutes;
    const insertOrderQ = rawQuery<{ number: number }>(tx, INSERT_ORDER, [
      orderId,
      // Not started until its first moment: scheduled (cancellable) while that lies ahead.
      startAfter && startAfter.getTime() > now.getTime() ? 'scheduled' : 'pending',
      schedule.startAt?.toISOString() ?? null,
      spreadMinutes,
      JSON.stringify(batches),
      batches.length > 0 ? new Date(batches[0]!.at).toISOString() : null,
      user.id,
      platform,
      service,
      input.targetUrl ?? null,
      input.tweetText ?? null,
      input.quoteTweetUrl ?? null,
      input.prompt ?? null,
      JSON.stringify(profileIds),
      profileIds.length,
      priceCents,
      JSON.stringify(profilePricesCents),
      day,
      origin.apiKeyId ?? null,
      origin.requestId ?? null,
      JSON.stringify(profileIds.map((id) => ({ profile_id: id, result: 'pending' as const }))),
    ]);
    const countUseQ = rawQuery(tx, COUNT_USE, [user.id, service, day, now.toISOString()]);
    const priced = priceCents > 0;
    const ledgerQ = priced ? rawQuery(tx, LEDGER_DEBIT, [user.id, -priceCents, orderId, payPerAction ? 'pay_per_action' : null]) : undefined;
    const debitQ = priced ? rawQuery(tx, DEBIT, [user.id, priceCents]) : undefined;
    const writes = pipelined([insertOrderQ, countUseQ, ledgerQ, debitQ]);
    // The job's insert is not a plain query (pg-boss builds it), so it may reach the connection
    // before or after the rows above; the transaction makes that order irrelevant.
    // Without a debit nothing follows the writes, so the COMMIT goes out right behind the job's
    // insert, in the same write (db/client.ts commitNow, issue #19). Should any write fail,
    // PostgreSQL turns that COMMIT into a rollback and the failure is thrown below.
    const onSent = priced ? undefined : commitNow;
    const queued = settle(enqueue(tx, orderId, startAfter && startAfter.getTime() > now.getTime() ? startAfter : undefined, onSent));
    const [[inserted, counted, ledgered, debited], job] = await Promise.all([writes, queued]);
    const orderNumber = unwrap(inserted)[0]!.number;
    unwrap(counted);
    unwrap(ledgered);
    unwrap(debited);
    unwrap(job);
    if (priced) await checkLowBalance(tx, user.id, user.bakiyeCents - priceCents);
    return { taskId: orderId, orderNumber, priceCents, ...(payPerAction ? { payPerAction } : {}) };
  });
}
