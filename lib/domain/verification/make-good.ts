import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { balanceLedger, makeGoods, orders, platforms, profiles, usageCounters, users } from '@/db/schema';
import type { Service } from '@/lib/domain/catalogue/services';
import { lockTarget, pickProfiles } from '@/lib/domain/operations';
import { notify } from '@/lib/domain/notifications';
import { createProviderClient, isProviderError, type ProviderClient, type ProviderTask, type SendRequest } from '@/lib/domain/provider';
import { isAppError } from '@/lib/infra/errors';
import { logger } from '@/logger';

/** A claimed make-good is worked again after this long if its worker died (the lease). */
export const MAKE_GOOD_LEASE_MS = 5 * 60_000;
/** A redo the provider has not finished yet is asked again after this long. */
const POLL_AGAIN_MS = 30_000;

export type MakeGoodOptions = {
  client?: ProviderClient;
  now?: Date;
  /** Make-goods worked per run (default 20). */
  batch?: number;
  /** Between two status polls of a redo inside one run (default 1 s). */
  pollIntervalMs?: number;
  /** How long one run waits for a redo to finish before leaving it for the next run (default 8 s). */
  waitMs?: number;
  /** Test hook: runs right after the provider accepted a redo (a crash here must not double anything). */
  afterSend?: (makeGoodId: number) => Promise<void> | void;
};
export type MakeGoodSummary = { redone: number; refunded: number; waiting: number };

type Row = typeof makeGoods.$inferSelect;
type Order = typeof orders.$inferSelect;
type Step = 'redone' | 'refunded' | 'waiting' | 'lost';

/**
 * Makes good the actions checks found undone (issue #38 item 2), each exactly once. A row is
 * claimed with FOR UPDATE SKIP LOCKED and leased (due_at moves on, attempts + 1); every later
 * write of this run is fenced by that `attempts`, so a worker whose lease ran out (another node
 * took the row) writes nothing more. In order:
 *
 * 1. redo by the same profile, if it is still active: an ordinary send to the provider for that one
 *    profile, with the idempotency key `mg-<make-good id>-<profile id>` (a repeat after a crash gets
 *    the same provider task, never a second action); a provider that will not let it act again
 *    answers it `failed`;
 * 2. else by one other profile of the platform, picked by the send's rules (active, not yet acting
 *    or acted on the target, none of the order's own, the most reliable first);
 * 3. else the charge is given back: a pay-per-action or balance-paid order's price of that profile
 *    as a `verify_refund` ledger row (at most the order's charge less its refunds), a package
 *    order's daily use when none of its actions remains in place, in one transaction with the
 *    row's final state and the customer's notice.
 */
export async function workMakeGoods(db: Db, options: MakeGoodOptions = {}): Promise<MakeGoodSummary> {
  const now = options.now ?? new Date();
  const claimed = rowsOf<{ id: number }>(
    await db.execute(sql`
      with picked as (
        select id from ${makeGoods}
         where state in ('open', 'redoing') and due_at <= ${now.toISOString()}::timestamptz
         order by due_at limit ${options.batch ?? 20}
         for update skip locked
      )
      update ${makeGoods} m set due_at = ${new Date(now.getTime() + MAKE_GOOD_LEASE_MS).toISOString()}::timestamptz, attempts = m.attempts + 1
        from picked where m.id = picked.id
      returning m.id::int as id`),
  );
  const summary: MakeGoodSummary = { redone: 0, refunded: 0, waiting: 0 };
  if (claimed.length === 0) return summary;
  const client = options.client ?? createProviderClient({ timeoutMs: 5000, retries: 1 });
  const rows = await db.select().from(makeGoods).where(inArray(makeGoods.id, claimed.map((c) => c.id)));
  for (const row of rows) {
    try {
      const step = await workOne(db, row, { ...options, client, now });
      if (step !== 'lost') summary[step]++;
    } catch (err) {
      // A bug or the database: the lease runs out and the row is worked again then.
      logger.error({ err, makeGood: row.id }, 'make-good failed; tried again after its lease');
    }
  }
  return summary;
}

type Ctx = Required<Pick<MakeGoodOptions, 'client' | 'now'>> & MakeGoodOptions;

/** This run's claim of a row: only while its `attempts` is still the one claimed. */
const fenced = (row: Row) => and(eq(makeGoods.id, row.id), eq(makeGoods.attempts, row.attempts), inArray(makeGoods.state, ['open', 'redoing']));

async function workOne(db: Db, row: Row, ctx: Ctx): Promise<Step> {
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return 'lost';
  const [platform] = await db.select({ endpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, order.platform));
  const sendUrl = platform?.endpoints[order.service] ?? '';
  const statusUrl = platform?.endpoints.islem_durumu ?? '';
  let current = row;
  // At most the same profile and one other: three turns cover a redo in flight, then the next step.
  for (let turn = 0; turn < 3; turn++) {
    if (current.byProfileId === null) {
      // Under the order's row lock, so two actions of one order never pick the same other profile.
      const from = current;
      const chosen = sendUrl
        ? await db.transaction(async (tx) => {
            await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
            // And under the target's lock, as a send takes it: a send choosing profiles for the same
            // target waits, then sees this redo (pick-profiles.ts counts redoing profiles as done).
            if (order.targetUrl) await lockTarget(tx, order.service as Service, order.targetUrl);
            const next = await nextProfile(tx, from, order);
            if (next === null) return null;
            const [saved] = await tx
              .update(makeGoods)
              .set({ state: 'redoing', byProfileId: next, triedProfileIds: [...from.triedProfileIds, next], providerTaskId: null })
              .where(fenced(from))
              .returning();
            return saved ?? 'lost';
          })
        : null;
      if (chosen === null) return (await refund(db, current, order, ctx.now)) ? 'refunded' : 'lost';
      if (chosen === 'lost') return 'lost';
      current = chosen;
    }
    const by = current.byProfileId!;
    const [profile] = await db.select({ providerId: profiles.providerId }).from(profiles).where(eq(profiles.id, by));
    const key = `mg-${current.id}-${by}`;
    const body: SendRequest = {
      order_id: key,
      service: order.service,
      profile_ids: [profile?.providerId ?? `unknown:${by}`],
      ...(order.targetUrl ? { target_url: order.targetUrl } : {}),
      ...(order.tweetText ? { text: order.tweetText } : {}),
      ...(order.quoteTweetUrl ? { quote_url: order.quoteTweetUrl } : {}),
      ...(order.prompt ? { prompt: order.prompt } : {}),
      // A comment is redone with the text the customer approved for the undone one.
      ...commentFor(order, current.profileId, profile?.providerId),
    };
    let task: ProviderTask;
    const later = async (err: unknown) => {
      // The provider could not be reached or refused the call: asked again later (the same key, so
      // never a second action). A redo never gives up into a refund while its send may have happened.
      logger.warn({ err: isProviderError(err) ? err.kind : err, makeGood: current.id }, 'redo send failed; tried again later');
      await db
        .update(makeGoods)
        .set({ dueAt: new Date(ctx.now.getTime() + Math.min(current.attempts, 20) * POLL_AGAIN_MS) })
        .where(fenced(current));
      return 'waiting' as const;
    };
    try {
      task = await ctx.client.send(sendUrl, body);
    } catch (err) {
      return later(err);
    }
    if (task.task_id !== current.providerTaskId) {
      const [saved] = await db.update(makeGoods).set({ providerTaskId: task.task_id }).where(fenced(current)).returning();
      if (!saved) return 'lost';
      current = saved;
    }
    await ctx.afterSend?.(current.id);
    try {
      const deadline = Date.now() + (ctx.waitMs ?? 8000);
      while (task.status !== 'completed' && task.status !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, ctx.pollIntervalMs ?? 1000));
        task = statusUrl ? await ctx.client.status(statusUrl, task.task_id, key) : await ctx.client.send(sendUrl, body);
      }
    } catch (err) {
      return later(err);
    }
    const result = task.results.find((r) => r.profile_id === body.profile_ids[0]);
    if (task.status !== 'completed' && task.status !== 'failed' && result?.result !== 'success' && result?.result !== 'failed') {
      await db.update(makeGoods).set({ dueAt: new Date(ctx.now.getTime() + POLL_AGAIN_MS) }).where(fenced(current));
      return 'waiting';
    }
    if (result?.result === 'success') return (await redone(db, current, order, ctx.now)) ? 'redone' : 'lost';
    // This profile could not redo it: the next one, or the refund.
    const [saved] = await db.update(makeGoods).set({ state: 'open', byProfileId: null, providerTaskId: null }).where(fenced(current)).returning();
    if (!saved) return 'lost';
    current = saved;
  }
  return (await refund(db, current, order, ctx.now)) ? 'refunded' : 'lost';
}

/** The comment the customer approved for the undone profile, sent for the profile redoing it. */
function commentFor(order: Order, profileId: number, providerId: string | undefined): Pick<SendRequest, 'comments'> {
  const approved = order.comments?.find((c) => c.profile_id === profileId);
  return approved && providerId ? { comments: [{ profile_id: providerId, text: approved.text }] } : {};
}

/**
 * The next profile to redo an action: first the same one (if still active), then one other, never
 * one of the order's own, one already tried, or one redoing another action of this order.
 */
async function nextProfile(db: Db, row: Row, order: Order): Promise<number | null> {
  const tried = row.triedProfileIds;
  if (tried.length === 0) {
    const [same] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, row.profileId), eq(profiles.platform, order.platform), eq(profiles.status, 'active')));
    if (same) return same.id;
  }
  if (tried.some((id) => id !== row.profileId)) return null;
  const others = await db.select({ by: makeGoods.byProfileId, tried: makeGoods.triedProfileIds }).from(makeGoods).where(eq(makeGoods.orderId, order.id));
  const exclude = new Set<number>([...order.profileIds, ...tried]);
  for (const o of others) for (const id of [o.by, ...o.tried]) if (id !== null) exclude.add(id);
  try {
    const [picked] = await pickProfiles(db, {
      platform: order.platform,
      service: order.service as Service,
      targetUrl: order.targetUrl,
      quantity: 1,
      exclude: [...exclude],
      upTo: true,
    });
    return picked ?? null;
  } catch (err) {
    if (isAppError(err) && err.code === 'NOT_ENOUGH_PROFILES') return null;
    throw err;
  }
}

/** Ends a make-good as redone by `byProfileId`, with the customer's notice, once. */
async function redone(db: Db, row: Row, order: Order, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [saved] = await tx.update(makeGoods).set({ state: 'redone', doneAt: now }).where(fenced(row)).returning();
    if (!saved) return false;
    const [by] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, row.byProfileId!));
    await notifyMadeGood(tx, order, saved, { how: 'redone', by: by?.username ?? String(row.byProfileId) });
    return true;
  });
}

/**
 * Gives an undone action's charge back, once: under the make-good's and the order's row locks (the
 * order's serializes the refunds of its actions), the profile's price (its per-profile price, else
 * the order's price shared evenly), at most what the order still holds after its refunds, as one
 * `verify_refund` ledger row (balance_ledger_make_good_uq: one per make-good) and the balance; a
 * package order gives its day's use back when none of its actions remains in place (as a send in
 * which no profile acted does, finalize-order.ts).
 */
async function refund(db: Db, row: Row, order: Order, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(makeGoods).where(fenced(row)).for('update');
    if (!locked) return false;
    const [o] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!o) return false;
    const siblings = await tx.select({ state: makeGoods.state, cents: makeGoods.refundCents }).from(makeGoods).where(eq(makeGoods.orderId, o.id));
    let cents = 0;
    let usageReturned = false;
    if (o.priceCents > 0) {
      const given = siblings.reduce((n, s) => n + s.cents, 0);
      const price = o.profilePricesCents[String(row.profileId)] ?? Math.floor(o.priceCents / Math.max(1, o.profileCount));
      cents = Math.max(0, Math.min(price, o.priceCents - o.refundedCents - given));
    } else if (o.usageDay) {
      const gone = siblings.filter((s) => s.state === 'refunded').length + 1;
      if (gone >= o.successCount) {
        await tx
          .update(usageCounters)
          .set({ count: sql`greatest(${usageCounters.count} - 1, 0)` })
          .where(and(eq(usageCounters.userId, o.userId), eq(usageCounters.service, o.service), eq(usageCounters.day, o.usageDay)));
        usageReturned = true;
      }
    }
    if (cents > 0) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, o.userId)).for('update');
      const [ledger] = await tx
        .insert(balanceLedger)
        .values({ userId: o.userId, amountCents: cents, reason: 'verify_refund', orderId: o.id, makeGoodId: row.id, note: `undone action of profile ${row.profileId}` })
        .onConflictDoNothing()
        .returning({ id: balanceLedger.id });
      if (!ledger) return false;
      await tx
        .update(users)
        .set({ bakiyeCents: sql`${users.bakiyeCents} + ${cents}` })
        .where(eq(users.id, o.userId));
    }
    const [saved] = await tx
      .update(makeGoods)
      .set({ state: 'refunded', byProfileId: null, providerTaskId: null, refundCents: cents, usageReturned, doneAt: now })
      .where(eq(makeGoods.id, row.id))
      .returning();
    await notifyMadeGood(tx, o, saved!, { how: cents > 0 ? 'refunded' : usageReturned ? 'usage' : 'none', refundCents: cents });
    return true;
  });
}

async function notifyMadeGood(tx: Db, order: Order, row: Row, what: { how: 'redone' | 'refunded' | 'usage' | 'none'; by?: string; refundCents?: number }) {
  const [p] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, row.profileId));
  await notify(tx, {
    userId: order.userId,
    kind: 'action_made_good',
    params: {
      service: order.service,
      order: order.id,
      number: order.number,
      profile: p?.username ?? String(row.profileId),
      days: Math.round(row.afterMinutes / 1440),
      how: what.how,
      ...(what.by ? { by: what.by } : {}),
      ...(what.refundCents ? { refundCents: what.refundCents } : {}),
    },
    link: '/panel/statistics',
  });
}
