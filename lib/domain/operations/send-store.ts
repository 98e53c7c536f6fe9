import 'server-only';
import type { Db } from '@/db/client';
import { rawQuery } from '@/db/raw';
import type { OrderBatch } from '@/db/schema';
import { debitBalance } from '@/lib/domain/balance';
import type { Platform, Service } from '@/lib/domain/catalogue/services';
import { inForceSql } from '@/lib/domain/subscriptions';
import { candidateProfiles, lockTarget, pickQuery, type CandidateProfile, type PickedProfile } from './pick-profiles';

/*
 * The send's database work (issue #34 item 8), below its rules (send-operation.ts): what it reads
 * and writes, as fixed SQL texts run through the driver without Drizzle's query building and row
 * mapping (db/raw.ts, issue #19), and how those statements are pipelined, so that a send costs
 * few round trips. Times go in as ISO text and come out as epoch milliseconds; the balance (int8)
 * as float8, exact for any balance in cents. Nothing here decides whether a send is allowed.
 */

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

const LOCK_USER = `select id, bakiye_cents::float8 as "bakiyeCents" from users where id = $1::int for update`;

const BY_REQUEST_ID = `select id, number::float8 as number, price_cents as "priceCents" from orders where user_id = $1::int and request_id = $2::text`;

/**
 * The platform, the site's send settings and the service's price per action (issue #33 item 7;
 * null when pay-per-action is off for it): `minProfiles` is the site's minimum profiles per send,
 * for the platforms it applies to (hasMinProfilesSetting).
 */
const PLATFORM_AND_SETTINGS = `
  select p.aktif, p.api_endpoints as "apiEndpoints",
         s.cooldown_seconds as "cooldownSeconds", s.twitter_min_profiles as "minProfiles",
         sp.price_cents as "actionPriceCents", sp.max_profiles as "actionMaxProfiles"
    from platforms p left join site_settings s on s.id = 1
    left join service_prices sp on sp.service = $2::text and sp.enabled
   where p.ad = $1::platform`;

/**
 * The package in force (lib/domain/subscriptions inForceSql; its limits null without one), today's use
 * of the service and its last use (ms, truncated as a Date is): always one row, since a customer
 * without a package may still order per action (issue #33 item 7) and its cooldown needs the use.
 */
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
                      profile_prices_cents, usage_day, api_key_id, request_id, results, bulk_id, crew_id, comments, watch_id)
  values ($1::uuid, $2::order_status, $3::timestamptz, $4::int, $5::jsonb, $6::timestamptz, $7::int, $8::platform, $9::text,
          $10::text, $11::text, $12::text, $13::text, $14::jsonb, $15::int, $16::int,
          $17::jsonb, $18::date, $19::int, $20::text, $21::jsonb, $22::uuid, $23::int, $24::jsonb, $25::int)
  returning number::float8 as number`;

const COUNT_USE = `
  insert into usage_counters (user_id, service, day, count, last_used_at)
  values ($1::int, $2::text, $3::date, 1, $4::timestamptz)
  on conflict (user_id, service, day) do update set count = usage_counters.count + 1, last_used_at = excluded.last_used_at`;

/** An order a user already placed under a request id (reseller API idempotency). */
export type ExistingOrder = { id: string; number: number; priceCents: number };

function byRequestId(db: Db, userId: number, requestId: string) {
  return rawQuery<ExistingOrder>(db, BY_REQUEST_ID, [userId, requestId]);
}

/** The order a user placed under a request id, read after the send that lost the race to it. */
export async function findByRequestId(db: Db, userId: number, requestId: string): Promise<ExistingOrder | undefined> {
  const [order] = await byRequestId(db, userId, requestId);
  return order;
}

export type LockedUser = { id: number; bakiyeCents: number };
export type PlatformRow = {
  aktif: boolean;
  apiEndpoints: Record<string, string>;
  cooldownSeconds: number | null;
  minProfiles: number | null;
  actionPriceCents: number | null;
  actionMaxProfiles: number | null;
};
export type PackageRow = { gunlukLimit: number | null; profilLimit: number | null; usedToday: number | null; lastUsedMs: number | null };

/**
 * What a send reads, each a call that throws the read's error if it failed, so the rules check
 * them in the order they choose and the first refusal that applies is the one given.
 */
export type SendReads = {
  /** The sender, their row locked until the commit; undefined if gone. */
  user: () => LockedUser | undefined;
  /** The order already placed under the request id, if one was given. */
  existing: () => ExistingOrder | undefined;
  /** Throws if the target's lock failed (lockTarget). */
  targetLocked: () => void;
  /** The named profiles' checks (candidateProfiles); undefined when the server picks them. */
  candidates: () => CandidateProfile[] | undefined;
  /** The server's pick in its order (pick-profiles.ts pickQuery), when no profiles were named. */
  picked: () => PickedProfile[] | undefined;
  platform: () => PlatformRow | undefined;
  /** Undefined for an admin, whose package and use are not read. */
  packageAndUse: () => PackageRow | undefined;
};

export type SendReadInput = {
  userId: number;
  isAdmin: boolean;
  requestId?: string;
  platform: Platform;
  service: Service;
  targetUrl: string | null | undefined;
  /** The profiles the customer named; empty when the server picks them. */
  profileIds: number[];
  /** With no profiles named: the server picks them, in this same round trip (issue #35 item 4). */
  pick?: boolean;
  /** How many the pick takes. */
  quantity?: number;
  /** The sender's local day, for today's use. */
  day: string;
  now: Date;
};

/**
 * Everything a send reads, in one round trip with the transaction's BEGIN (db/client.ts
 * transactionWithPipelinedBegin, issue #19): PostgreSQL runs the statements one after another in
 * this order, so everything after the user's row lock reads what was committed before the lock
 * was granted, exactly as when each was awaited in turn. Resolves once the BEGIN (`began`) is
 * answered too: nothing the caller does next runs unless the reads ran inside the transaction.
 */
export async function readSend(tx: Db, began: Promise<void>, input: SendReadInput): Promise<SendReads> {
  const userQ = rawQuery<LockedUser>(tx, LOCK_USER, [input.userId]);
  const existingQ = input.requestId ? byRequestId(tx, input.userId, input.requestId) : undefined;
  // Sends on the same target are serialized from here to their commit (issue #17), so the named
  // profiles' checks below see every earlier send's results.
  const targetLockQ = input.targetUrl ? lockTarget(tx, input.service, input.targetUrl) : undefined;
  const candidatesQ =
    input.profileIds.length > 0
      ? candidateProfiles(tx, { platform: input.platform, service: input.service, targetUrl: input.targetUrl, candidates: input.profileIds })
      : undefined;
  // Or the server's pick, behind the same lock, so it sees every earlier send on the target.
  const pickedQ =
    input.profileIds.length === 0 && input.pick ? pickQuery(tx, { platform: input.platform, service: input.service, targetUrl: input.targetUrl, quantity: input.quantity ?? 0 }) : undefined;
  const platformQ = rawQuery<PlatformRow>(tx, PLATFORM_AND_SETTINGS, [input.platform, input.service]);
  const packageQ = input.isAdmin
    ? undefined
    : rawQuery<PackageRow>(tx, PACKAGE_AND_USE, [input.userId, input.platform, input.service, input.day, input.now.toISOString()]);
  const [user, existing, targetLock, candidates, picked, platform, pkg] = await pipelined([userQ, existingQ, targetLockQ, candidatesQ, pickedQ, platformQ, packageQ]);
  await began;
  return {
    user: () => unwrap(user)[0],
    existing: () => unwrap(existing)?.[0],
    targetLocked: () => void unwrap(targetLock),
    candidates: () => unwrap(candidates),
    picked: () => unwrap(picked),
    platform: () => unwrap(platform)[0],
    packageAndUse: () => unwrap(pkg)?.[0],
  };
}

/** An order as the send records it; every profile's result starts pending. */
export type NewOrder = {
  /** Made by the caller, so the job and the ledger can name the order without waiting for its insert. */
  id: string;
  status: 'pending' | 'scheduled';
  startAt: Date | null;
  spreadMinutes: number;
  batches: OrderBatch[];
  userId: number;
  platform: Platform;
  service: Service;
  targetUrl: string | null;
  tweetText: string | null;
  quoteTweetUrl: string | null;
  prompt: string | null;
  profileIds: number[];
  priceCents: number;
  profilePricesCents: Record<string, number>;
  /** The local day whose use the order counts against. */
  usageDay: string;
  apiKeyId: number | null;
  requestId: string | null;
  /** Issue #36 item 5: the bulk order this order is a line of. */
  bulkId?: string | null;
  /** Issue #36 item 3: the crew its profiles came from. */
  crewId?: number | null;
  /** Issue #36 item 6: the approved text of each profile (null: the provider writes them). */
  comments?: { profile_id: number; text: string }[] | null;
  /** Issue #37: the watch whose new post this order acts on, written with the row (not by a later update). */
  watchId?: number | null;
};

export type RecordOptions = {
  /** The moment of the day's use (usage_counters.last_used_at, the cooldown's start). */
  usedAt: Date;
  /** The order's charge, taken from the balance (lib/domain/balance debitBalance); none for an unpaid order. */
  charge?: { amountCents: number; note: string | null };
  /** Queues the order's job in the transaction; `onSent` is called once its insert is on the connection. */
  queue: (onSent?: () => void) => Promise<void>;
  /**
   * Sends the COMMIT (db/client.ts commitNow): given when nothing follows these writes in the
   * transaction, so the COMMIT goes out right behind the job's insert, in the same write.
   */
  commitNow?: () => void;
};

/**
 * Writes a send: the order row, the day's use of the service (+1), the charge (lib/domain/balance) and
 * the order's job, all sent together (issue #19). The job's insert is not a plain query (pg-boss
 * builds it), so it may reach the connection before or after the rows; the transaction makes that
 * order irrelevant. Should any write fail after a COMMIT went out with them, PostgreSQL turns that
 * COMMIT into a rollback; the failure is thrown here either way. Returns the order's number.
 */
export async function recordOrder(tx: Db, order: NewOrder, options: RecordOptions): Promise<number> {
  const insertOrderQ = rawQuery<{ number: number }>(tx, INSERT_ORDER, [
    order.id,
    order.status,
    order.startAt?.toISOString() ?? null,
    order.spreadMinutes,
    JSON.stringify(order.batches),
    order.batches.length > 0 ? new Date(order.batches[0]!.at).toISOString() : null,
    order.userId,
    order.platform,
    order.service,
    order.targetUrl,
    order.tweetText,
    order.quoteTweetUrl,
    order.prompt,
    JSON.stringify(order.profileIds),
    order.profileIds.length,
    order.priceCents,
    JSON.stringify(order.profilePricesCents),
    order.usageDay,
    order.apiKeyId,
    order.requestId,
    JSON.stringify(order.profileIds.map((id) => ({ profile_id: id, result: 'pending' as const }))),
    order.bulkId ?? null,
    order.crewId ?? null,
    order.comments ? JSON.stringify(order.comments) : null,
    order.watchId ?? null,
  ]);
  const countUseQ = rawQuery(tx, COUNT_USE, [order.userId, order.service, order.usageDay, options.usedAt.toISOString()]);
  const chargeQ = options.charge
    ? debitBalance(tx, { userId: order.userId, orderId: order.id, amountCents: options.charge.amountCents, note: options.charge.note })
    : undefined;
  const writes = pipelined([insertOrderQ, countUseQ, chargeQ]);
  const queued = settle(options.queue(options.commitNow));
  const [[inserted, counted, charged], job] = await Promise.all([writes, queued]);
  const orderNumber = unwrap(inserted)[0]!.number;
  unwrap(counted);
  unwrap(charged);
  unwrap(job);
  return orderNumber;
}
