import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { balanceLedger, orders, platforms, profiles, siteSettings, usageCounters, userPackages, users } from '@/db/schema';
import { env } from '@/env';
import { platformOfService, type Service } from '@/lib/catalogue/services';
import { AppError } from '@/lib/errors';
import { centsToDollars, parseDollars } from '@/lib/money';
import { profilePriceCents } from '@/lib/pricing';
import { checkLowBalance } from '@/lib/notifications';
import { enqueueOrder } from '@/lib/queue';
import { localDay } from '@/lib/time';
import type { SendInput } from './schemas';
import { inForce } from '@/lib/subscriptions';
import { isUniqueViolation } from '@/db/errors';
import { lockTarget, pickProfiles, profilesAlreadyOnTarget } from './pick-profiles';
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

async function findByRequestId(db: Db, userId: number, requestId: string): Promise<SendResult | undefined> {
  const [order] = await db
    .select({ id: orders.id, priceCents: orders.priceCents })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.requestId, requestId)));
  return order ? { taskId: order.id, priceCents: order.priceCents, replayed: true } : undefined;
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
    const [user] = await tx
      .select({ id: users.id, bakiyeCents: users.bakiyeCents })
      .from(users)
      .where(eq(users.id, sender.id))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED');
    const now = options.now ?? new Date();

    if (origin.requestId) {
      const existing = await findByRequestId(tx, user.id, origin.requestId);
      if (existing) return existing;
    }
    // Issue #17: when and over how long; checked before anything else of the body.
    const schedule = parseSchedule(input, now);

    // Input: distinct, existing, active profiles of this platform (distinctness is in the schema),
    // or the server's pick of `quantity` of them.
    // One profile never acts twice on one target for one service (issue #17): sends on the same
    // target are serialized from here to their commit, then the chosen profiles are checked.
    if (input.targetUrl) await lockTarget(tx, service, input.targetUrl);
    const profileIds =
      input.profileIds.length > 0
        ? input.profileIds
        : await pickProfiles(tx, { platform, service, targetUrl: input.targetUrl, quantity: input.quantity ?? 0 });
    if (input.targetUrl && input.profileIds.length > 0) {
      const done = await profilesAlreadyOnTarget(tx, { service, targetUrl: input.targetUrl, candidates: profileIds });
      if (done.length > 0) throw new AppError('ALREADY_DONE', { params: { count: done.length }, extra: { profile_ids: done } });
    }
    if (profileIds.length === 0) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: 0 } });
    const chosen = await tx
      .select({ id: profiles.id, followersCount: profiles.followersCount })
      .from(profiles)
      .where(and(inArray(profiles.id, profileIds), eq(profiles.platform, platform), eq(profiles.status, 'active')));
    if (chosen.length !== profileIds.length) throw new AppError('PROFILES_UNAVAILABLE');

    const [platformRow] = await tx.select().from(platforms).where(eq(platforms.ad, platform));
    if (!platformRow?.aktif) throw new AppError('PLATFORM_INACTIVE');
    if (!platformRow.apiEndpoints[service]) throw new AppError('SERVICE_UNAVAILABLE');

    const [settings] = await tx
      .select({ cooldownSeconds: siteSettings.cooldownSeconds, twitterMinProfiles: siteSettings.twitterMinProfiles })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    const cooldownSeconds = settings?.cooldownSeconds ?? 30;
    const twitterMinProfiles = settings?.twitterMinProfiles ?? 1;
    const day = localDay(now, timeZone);

    if (!isAdmin) {
      const [pkg] = await tx
        .select({ gunlukLimit: userPackages.gunlukLimit, profilLimit: userPackages.profilLimit })
        .from(userPackages)
        .where(
          and(
            eq(userPackages.userId, user.id),
            eq(userPackages.platform, platform),
            inForce(now),
          ),
        )
        .limit(1);
      if (!pkg) throw new AppError('NO_PACKAGE', { params: { platform } });

      if (profileIds.length > pkg.profilLimit) {
        throw new AppError('PROFILE_LIMIT_EXCEEDED', { params: { limit: pkg.profilLimit } });
      }

      const [usage] = await tx
        .select({ count: usageCounters.count })
        .from(usageCounters)
        .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, service), eq(usageCounters.day, day)));
      if ((usage?.count ?? 0) >= pkg.gunlukLimit) {
        throw new AppError('DAILY_LIMIT_EXCEEDED', { params: { limit: pkg.gunlukLimit } });
      }

      if (cooldownSeconds > 0) {
        const [last] = await tx
          .select({ lastUsedAt: usageCounters.lastUsedAt })
          .from(usageCounters)
          .where(and(eq(usageCounters.userId, user.id), eq(usageCounters.service, service)))
          .orderBy(desc(usageCounters.day))
          .limit(1);
        if (last?.lastUsedAt) {
          const remainingMs = last.lastUsedAt.getTime() + cooldownSeconds * 1000 - now.getTime();
          if (remainingMs > 0) {
            const remainingSeconds = Math.ceil(remainingMs / 1000);
            throw new AppError('COOLDOWN_ACTIVE', { params: { remainingSeconds }, headers: { 'retry-after': String(remainingSeconds) } });
          }
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
    const [order] = await tx
      .insert(orders)
      .values({
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
      })
      .returning({ id: orders.id });
    const orderId = order!.id;

    if (priceCents > 0) {
      await tx.insert(balanceLedger).values({ userId: user.id, amountCents: -priceCents, reason: 'new_tweet', orderId });
      await tx
        .update(users)
        .set({ bakiyeCents: sql`${users.bakiyeCents} - ${priceCents}` })
        .where(eq(users.id, user.id));
      await checkLowBalance(tx, user.id, user.bakiyeCents - priceCents);
    }

    await tx
      .insert(usageCounters)
      .values({ userId: user.id, service, day, count: 1, lastUsedAt: now })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.service, usageCounters.day],
        set: { count: sql`${usageCounters.count} + 1`, lastUsedAt: now },
      });

    await enqueue(tx, orderId, startAfter && startAfter.getTime() > now.getTime() ? startAfter : undefined);
    return { taskId: orderId, priceCents };
  });
}
