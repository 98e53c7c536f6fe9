import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, watches, watchPosts } from '@/db/schema';
import { platformOfService, type Service } from '@/lib/domain/catalogue/services';
import { pickProfiles } from '@/lib/domain/operations';
import { ensureProfilesSynced } from '@/lib/domain/profiles';
import { AppError } from '@/lib/infra/errors';
import { centsToDecimal } from '@/lib/infra/money';
import { parseAccount } from './account';
import { checkSettings, endOf, latestEnd } from './manage-watches';
import { WATCH_LIMITS } from './schemas';

/**
 * Issue #37 item 4: a watch as the reseller protocol's subscription (docs/reseller-api.md
 * "Subscriptions"). `add` with a subscription service makes a watch of that one service; its
 * number (watches.number, from the orders' number sequence) is the `order` the protocol answers,
 * so `status` and `cancel` take it like an order's number without ever naming an order.
 */
export type SubscriptionInput = {
  service: Service;
  username: string;
  min: number;
  max: number;
  /** 0 / undefined: every new post until the end. */
  posts?: number;
  delay?: number;
  /** YYYY-MM-DD or an ISO time (the schema's parseExpiry); undefined: the latest allowed. */
  expiry?: string;
  prompt?: string;
  requestId?: string;
};

export async function createSubscription(db: Db, userId: number, input: SubscriptionInput, now: Date = new Date()): Promise<{ order: number; replayed: boolean }> {
  const platform = platformOfService(input.service)!;
  const account = parseAccount(platform, input.username);
  if (!account) throw new AppError('WATCH_ACCOUNT_INVALID', { params: { platform } });
  if (input.requestId) {
    const [known] = await db.select({ number: watches.number }).from(watches).where(and(eq(watches.userId, userId), eq(watches.requestId, input.requestId)));
    if (known) return { order: known.number, replayed: true };
  }
  const { latest } = await latestEnd(db, userId, platform, now);
  let endsAt = latest;
  if (input.expiry !== undefined) {
    endsAt = endOf(input.expiry);
    // A date naming the day the package ends means "until the package ends" (a date is that day's end otherwise).
    if (/^\d{4}-\d{2}-\d{2}$/.test(input.expiry) && input.expiry === latest.toISOString().slice(0, 10)) endsAt = latest;
  }
  // The profiles are picked as `add` with `quantity` picks them (the most reliable active ones):
  // `max` of them, or as many as there are when that is at least `min`.
  await ensureProfilesSynced(db, platform);
  const picked = await pickProfiles(db, { platform, service: input.service, targetUrl: null, quantity: input.max, upTo: true }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_ENOUGH_PROFILES') return [] as number[];
    throw err;
  });
  if (picked.length < input.min) throw new AppError('NOT_ENOUGH_PROFILES', { params: { available: picked.length } });
  const prompt = input.prompt?.trim() ? input.prompt.trim() : null;
  await checkSettings(db, userId, platform, { services: [input.service], profileIds: picked, crewId: null, bestN: null, prompt, endsAt }, now);
  const delay = input.delay ?? 0;
  const [row] = await db
    .insert(watches)
    .values({
      userId,
      platform,
      account,
      services: [input.service],
      profileIds: picked,
      prompt,
      delayMinMinutes: delay,
      delayMaxMinutes: delay,
      spreadMinutes: 0,
      maxPostsPerDay: WATCH_LIMITS.postsPerDayMax,
      endsAt,
      postsTotal: input.posts ? input.posts : null,
      perPostMin: Math.min(input.min, picked.length),
      perPostMax: Math.min(input.max, picked.length),
      requestId: input.requestId ?? null,
      nextPollAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [watches.userId, watches.requestId] })
    .returning({ number: watches.number });
  if (row) return { order: row.number, replayed: false };
  // The same request_id at the same moment: the first one's watch.
  const [known] = await db.select({ number: watches.number }).from(watches).where(and(eq(watches.userId, userId), eq(watches.requestId, input.requestId ?? '')));
  return { order: known!.number, replayed: true };
}

export type SubscriptionStatus = {
  status: 'Active' | 'Paused' | 'Completed' | 'Canceled';
  expiry: string;
  posts: string;
  orders: number[];
  charge: string;
  currency: 'USD';
};

/** The protocol's status of a watch: paused, active, or ended by the customer (Canceled) or by itself (Completed). */
export function protocolStatusOf(row: { status: string; endReason: string | null }): SubscriptionStatus['status'] {
  if (row.status === 'active') return 'Active';
  if (row.status === 'paused') return 'Paused';
  return row.endReason === 'canceled' ? 'Canceled' : 'Completed';
}

/**
 * `status` of the caller's subscriptions among `numbers` (ids that name no watch of theirs are
 * left out: the caller tries them as orders): each with its posts acted on and the numbers of
 * the orders made from them, and what those orders cost in all.
 */
export async function subscriptionStatuses(db: Db, userId: number, numbers: number[]): Promise<Map<number, SubscriptionStatus>> {
  const out = new Map<number, SubscriptionStatus>();
  if (numbers.length === 0) return out;
  const rows = await db
    .select({ id: watches.id, number: watches.number, status: watches.status, endReason: watches.endReason, endsAt: watches.endsAt })
    .from(watches)
    .where(and(eq(watches.userId, userId), inArray(watches.number, numbers)));
  if (rows.length === 0) return out;
  const posts = await db
    .select({ watchId: watchPosts.watchId, orderIds: watchPosts.orderIds })
    .from(watchPosts)
    .where(and(inArray(watchPosts.watchId, rows.map((r) => r.id)), eq(watchPosts.status, 'ordered')));
  const orderIds = posts.flatMap((p) => p.orderIds);
  const made = orderIds.length
    ? await db
        .select({ id: orders.id, number: orders.number, cents: sql<number>`(${orders.priceCents} - ${orders.refundedCents})::int` })
        .from(orders)
        .where(and(inArray(orders.id, orderIds), eq(orders.userId, userId)))
    : [];
  const byId = new Map(made.map((o) => [o.id, o]));
  for (const row of rows) {
    const own = posts.filter((p) => p.watchId === row.id);
    const list = own.flatMap((p) => p.orderIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
    out.set(row.number, {
      status: protocolStatusOf(row),
      expiry: row.endsAt.toISOString(),
      posts: String(own.length),
      orders: list.map((o) => o.number).sort((a, b) => a - b),
      charge: centsToDecimal(list.reduce((sum, o) => sum + Number(o.cents), 0)),
      currency: 'USD',
    });
  }
  return out;
}

/** The numbers among `numbers` that name a watch of the caller (for `cancel`). */
export async function ownSubscriptionNumbers(db: Db, userId: number, numbers: number[]): Promise<Set<number>> {
  if (numbers.length === 0) return new Set();
  const rows = await db.select({ number: watches.number }).from(watches).where(and(eq(watches.userId, userId), inArray(watches.number, numbers)));
  return new Set(rows.map((r) => r.number));
}

/**
 * `cancel` of a subscription: the watch ends (status ended, reason canceled) and is polled no
 * more; the orders already made from its posts stay as they are (each can be cancelled as an
 * order). An ended one: WATCH_ENDED.
 */
export async function cancelSubscription(db: Db, userId: number, number: number): Promise<void> {
  const [done] = await db
    .update(watches)
    .set({ status: 'ended', endReason: 'canceled' })
    .where(and(eq(watches.userId, userId), eq(watches.number, number), sql`${watches.status} <> 'ended'`))
    .returning({ id: watches.id });
  if (done) return;
  const [exists] = await db.select({ id: watches.id }).from(watches).where(and(eq(watches.userId, userId), eq(watches.number, number)));
  throw new AppError(exists ? 'WATCH_ENDED' : 'ORDER_NOT_FOUND');
}
