import 'server-only';
import { randomUUID } from 'node:crypto';
import { transactionWithPipelinedBegin, type Db } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { env } from '@/env';
import { platformOfService, type Platform, type Service, hasMinProfilesSetting, isPaidByFollowers } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import { exemptFromLimits, type TokenKind } from '@/lib/domain/credentials';
import { centsToDollars, parseDollars } from '@/lib/infra/money';
import { profilePriceCents } from '@/lib/domain/pricing';
import { checkLowBalance } from '@/lib/domain/notifications';
import { enqueueOrder } from '@/lib/infra/queue';
import { localDay } from '@/lib/infra/time';
import type { SendInput } from './schemas';
import { takePicked } from './pick-profiles';
import { dripBatches, parseSchedule, planBatches } from './schedule';
import { crewForSend } from '@/lib/domain/crews';
import { findByRequestId, readSend, recordOrder, type ExistingOrder } from './send-store';
import { checkApprovedComments, type CommentLabel } from './check-comments';
import { isCommentService } from './comment-rules';

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
  /** Defaults to the pg-boss queue (lib/infra/queue); tests may pass their own. `startAfter`: a scheduled or spread order's first moment. */
  enqueue?: (tx: Db, orderId: string, startAfter?: Date, onSent?: () => void) => Promise<void>;
  /** Tests: the random source of a spread order's moments. */
  random?: () => number;
  origin?: SendOrigin;
  /**
   * Issue #33 item 6: the reseller's `max_charge` (cents). An order that would take more from the
   * balance is refused (MAX_CHARGE_EXCEEDED) before anything is written or charged.
   */
  maxChargeCents?: number;
  /**
   * Issue #36 item 5: the order is a line of this bulk order (orders.bulk_id). With
   * `waiveCooldown` the cooldown is not checked: the bulk order's first line checked it, and its
   * later lines follow that line without waiting (every other rule applies to each line).
   */
  bulkId?: string;
  waiveCooldown?: boolean;
  /**
   * Issue #36 item 6: approved comments need no live draft (the reseller API's custom comments),
   * and how a refused comment names its profile (the reseller API: its line).
   */
  comments?: { withoutDrafts?: boolean; label?: CommentLabel; language?: string | null };
  /** Issue #37: a watch's order (docs/watch.md): the cooldown is waived, and the order is marked with the watch. */
  watchId?: number;
};

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * One send of any service (§5, §6, ARCHITECTURE.md "A send, end to end"), from the UI or the
 * reseller API alike. Everything happens in one transaction with the user's row locked, in this
 * order: a request id already used by this user answers its order and does nothing else (API
 * idempotency) → input (profiles exist, are active and belong to the platform; with
 * `input.quantity` and no profile ids the server picks them, pick-profiles.ts) → active package
 * (NO_PACKAGE) → profile count (PROFILE_LIMIT_EXCEEDED) → today's use of the service
 * (DAILY_LIMIT_EXCEEDED) → cooldown (COOLDOWN_ACTIVE) → the site's minimum profiles where it
 * applies → for a post paid by followers the server's price (PRICE_CHANGED, INSUFFICIENT_BALANCE)
 * and its debit → order, usage and job. An admin session skips package, caps, daily limits and
 * cooldown (exemptFromLimits). The statements and their pipelining are send-store.ts's; this file
 * holds the rules.
 *
 * Pay per action (issue #33 item 7, docs/orders.md): when the service has an enabled price per
 * action (service_prices, read in the platform's statement), a customer without a package in
 * force for the platform, or past its daily limit, is not refused NO_PACKAGE /
 * DAILY_LIMIT_EXCEEDED: the order is charged price × profiles from the balance, each profile's
 * price kept in profile_prices_cents, so finalize refunds every failed profile once, exactly as a
 * post paid by followers (which is never paid per action). Without a package the cap is the price
 * row's max_profiles; with one, its profile limit. Cooldown applies either way.
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
      if (existing) return replayOf(existing);
    }
    throw err;
  }
}

/** A request id's earlier order, answered again: nothing new happened. */
function replayOf(existing: ExistingOrder): SendResult {
  return { taskId: existing.id, orderNumber: existing.number, priceCents: existing.priceCents, replayed: true };
}

/** The ledger note of a charge paid per action (docs/orders.md). */
const PAY_PER_ACTION_NOTE = 'pay_per_action';

async function sendInTransaction(db: Db, sender: Sender, service: Service, platform: Platform, input: SendInput, options: SendOptions): Promise<SendResult> {
  const timeZone = options.timeZone ?? env.APP_TIMEZONE;
  const enqueue = options.enqueue ?? ((tx: Db, orderId: string, startAfter?: Date, onSent?: () => void) => enqueueOrder(tx, orderId, { startAfter, onSent }));
  const isAdmin = exemptFromLimits(sender);
  const origin = options.origin ?? {};

  return transactionWithPipelinedBegin(db, async (tx, began, commitNow) => {
    const now = options.now ?? new Date();
    const day = localDay(now, timeZone);
    const given = input.profileIds.length > 0;

    // Everything the rules below need, read at once under the user's row lock (send-store.ts).
    // The results are checked in the order below, which decides which refusal a send gets when
    // several apply.
    const reads = await readSend(tx, began, {
      userId: sender.id,
      isAdmin,
      requestId: origin.requestId,
      platform,
      service,
      targetUrl: input.targetUrl,
      profileIds: input.profileIds,
      pick: !given,
      quantity: input.quantity ?? 0,
      day,
      now,
    });

    const user = reads.user();
    if (!user) throw new AppError('UNAUTHORIZED');
    const existing = reads.existing();
    if (existing) return replayOf(existing);
    // Issue #17: when and over how long; checked before anything else of the body.
    const schedule = parseSchedule(input, now);
    // One profile never acts twice on one target for one service (issue #17): sends on the same
    // target wait for each other from here to their commit.
    reads.targetLocked();

    // Input: distinct, existing, active profiles of this platform (distinctness is in the schema),
    // none of them already on the target. Or, with `quantity`, the server's pick, read after the
    // target's lock in the same round trip (issue #35 item 4): active profiles of the platform
    // that can act on the target, with their followers.
    const picked = given ? undefined : takePicked(reads.picked() ?? [], { quantity: input.quantity ?? 0 });
    const profileIds = picked ? picked.map((p) => p.id) : input.profileIds;
    const candidates = reads.candidates();
    const doneIds = candidates ? candidates.filter((c) => c.done).map((c) => c.id) : [];
    if (doneIds.length > 0) throw new AppError('ALREADY_DONE', { params: { count: doneIds.length }, extra: { profile_ids: doneIds } });
    if (profileIds.length === 0) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: 0 } });
    const chosen = candidates ? candidates.filter((c) => c.usable).map((c) => ({ id: c.id, followersCount: c.followersCount ?? 0 })) : picked!;
    if (chosen.length !== profileIds.length) throw new AppError('PROFILES_UNAVAILABLE');

    // Issue #36 item 3: the crew the profiles came from is the customer's own, of this platform.
    if (input.crewId !== undefined) await crewForSend(tx, { userId: sender.id, platform, ref: input.crewId });

    const platformRow = reads.platform();
    if (!platformRow?.aktif) throw new AppError('PLATFORM_INACTIVE');
    if (!platformRow.apiEndpoints[service]) throw new AppError('SERVICE_UNAVAILABLE');

    // Issue #36 item 6: approved comments (lib/domain/operations/check-comments.ts), after the
    // target's lock, so the texts earlier sends posted on it are seen.
    let comments: { profile_id: number; text: string }[] | null = null;
    if (input.commentLines && input.commentLines.length !== profileIds.length) throw new AppError('COMMENTS_MISMATCH');
    const approved = input.commentLines ? input.commentLines.map((text, i) => ({ profile_id: profileIds[i]!, text })) : input.comments;
    if (approved !== undefined) {
      if (!isCommentService(service) || !input.targetUrl) throw new AppError('COMMENTS_MISMATCH');
      comments = await checkApprovedComments(tx, {
        userId: sender.id,
        platform,
        service,
        targetUrl: input.targetUrl,
        profileIds,
        comments: approved,
        requireDrafts: !options.comments?.withoutDrafts,
        now,
        label: options.comments?.label,
        language: options.comments?.language,
      });
    }

    const cooldownSeconds = platformRow.cooldownSeconds ?? 30;
    const minProfiles = platformRow.minProfiles ?? 1;

    // Issue #33 item 7: the service's enabled price per action, if any; never for a post paid by
    // followers, whose price is its profiles' follower tiers.
    const perAction =
      !isPaidByFollowers(service) && platformRow.actionPriceCents !== null && platformRow.actionPriceCents > 0
        ? { priceCents: platformRow.actionPriceCents, maxProfiles: platformRow.actionMaxProfiles ?? 0 }
        : null;
    let payPerAction = false;
    if (!isAdmin) {
      const use = reads.packageAndUse()!;
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

      if (cooldownSeconds > 0 && use.lastUsedMs !== null && !options.waiveCooldown && options.watchId === undefined) {
        const remainingMs = use.lastUsedMs + cooldownSeconds * 1000 - now.getTime();
        if (remainingMs > 0) {
          const remainingSeconds = Math.ceil(remainingMs / 1000);
          throw new AppError('COOLDOWN_ACTIVE', { params: { remainingSeconds }, headers: { 'retry-after': String(remainingSeconds) } });
        }
      }
    }

    if (hasMinProfilesSetting(platform) && profileIds.length < minProfiles) {
      throw new AppError('MIN_PROFILES', { params: { min: minProfiles } });
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
    const later = startAfter && startAfter.getTime() > now.getTime() ? startAfter : undefined;
    const orderId = randomUUID();
    const priced = priceCents > 0;
    // The order, the day's use, the charge and the job, written together (send-store.ts).
    const orderNumber = await recordOrder(
      tx,
      {
        id: orderId,
        // Not started until its first moment: scheduled (cancellable) while that lies ahead.
        status: later ? 'scheduled' : 'pending',
        startAt: schedule.startAt ?? null,
        spreadMinutes: input.drip && input.drip.runs > 1 ? (input.drip.runs - 1) * input.drip.intervalMinutes : schedule.spreadMinutes,
        batches,
        userId: user.id,
        platform,
        service,
        targetUrl: input.targetUrl ?? null,
        tweetText: input.tweetText ?? null,
        quoteTweetUrl: input.quoteTweetUrl ?? null,
        prompt: input.prompt ?? null,
        profileIds,
        priceCents,
        profilePricesCents,
        usageDay: day,
        apiKeyId: origin.apiKeyId ?? null,
        requestId: origin.requestId ?? null,
        bulkId: options.bulkId ?? null,
        crewId: input.crewId ?? null,
        watchId: options.watchId ?? null,
        comments,
      },
      {
        usedAt: now,
        charge: priced ? { amountCents: priceCents, note: payPerAction ? PAY_PER_ACTION_NOTE : null } : undefined,
        queue: (onSent) => enqueue(tx, orderId, later, onSent),
        // A paid order's low-balance check follows its writes; an unpaid one ends with them, so
        // its COMMIT may go out with the job (db/client.ts commitNow, issue #19).
        commitNow: priced ? undefined : commitNow,
      },
    );
    if (priced) await checkLowBalance(tx, user.id, user.bakiyeCents - priceCents);
    return { taskId: orderId, orderNumber, priceCents, ...(payPerAction ? { payPerAction } : {}) };
  });
}
