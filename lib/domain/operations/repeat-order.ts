import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, profiles } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { hasServicePage, normalizeService, type Platform, type Service } from '@/lib/domain/catalogue/services';
import { orderByKey, orderKeyOfInput } from '@/lib/domain/order-view';
import { candidateProfiles } from './pick-profiles';

/**
 * Why a profile of the order cannot act now: `inactive` (the provider no longer lists it: it left
 * the roster), `quarantined` (our verdict after failures in a row), `disabled` (by an admin),
 * `gone` (no such profile of this platform any more). `active` profiles can be ticked again.
 */
export type RepeatProfileState = 'active' | 'inactive' | 'quarantined' | 'disabled' | 'gone';

export type RepeatProfile = {
  id: number;
  /** '' when the profile is gone. */
  username: string;
  name: string;
  state: RepeatProfileState;
  /** It already acted (or is acting) on the order's own target for this service: the same target would be refused (ALREADY_DONE). */
  done_on_target: boolean;
};

/**
 * What the service page needs to place an order again (issue #36 item 4 "Reorder"): the order's
 * service, target, prompt or tweet text, and each of its profiles with whether it can act now.
 * Nothing is sent here: the customer sends through the normal send, where every rule applies.
 */
export type RepeatDraft = {
  task_id: string;
  order_number: number;
  platform: Platform;
  service: Service;
  /** The post, reel, video or channel acted on; null for a new tweet. */
  target_url: string | null;
  prompt: string | null;
  tweet_text: string | null;
  quote_tweet_url: string | null;
  /** In the order's own order of profiles. */
  profiles: RepeatProfile[];
};

const KNOWN_STATES = new Set<RepeatProfileState>(['active', 'inactive', 'quarantined', 'disabled']);

/**
 * The customer's own order, named by its number ("123", "#123") or task_id, as a draft to send
 * again. Another customer's order (an admin session's too: a repeat sends as its owner), an unknown
 * one, and an order of a service without a page are one answer: 404 ORDER_NOT_FOUND, so the
 * answer never tells whether someone else's order exists.
 */
export async function readRepeatDraft(db: Db, userId: number, orderRef: string): Promise<RepeatDraft> {
  const key = orderKeyOfInput(orderRef);
  if (!key) throw new AppError('ORDER_NOT_FOUND');
  const [order] = await db.select().from(orders).where(and(orderByKey(key), eq(orders.userId, userId)));
  const service = order ? normalizeService(order.service) : undefined;
  if (!order || !service || !hasServicePage(service)) throw new AppError('ORDER_NOT_FOUND');

  const ids = [...new Set(order.profileIds)];
  const [rows, candidates] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: profiles.id, username: profiles.username, name: profiles.name, status: profiles.status })
          .from(profiles)
          .where(and(inArray(profiles.id, ids), eq(profiles.platform, order.platform))),
    ids.length === 0 || !order.targetUrl ? Promise.resolve([]) : candidateProfiles(db, { platform: order.platform, service, targetUrl: order.targetUrl, candidates: ids }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const done = new Set(candidates.filter((c) => c.done).map((c) => c.id));

  return {
    task_id: order.id,
    order_number: order.number,
    platform: order.platform,
    service,
    target_url: order.targetUrl,
    prompt: order.prompt,
    tweet_text: order.tweetText,
    quote_tweet_url: order.quoteTweetUrl,
    profiles: ids.map((id) => {
      const row = byId.get(id);
      const state: RepeatProfileState = !row ? 'gone' : KNOWN_STATES.has(row.status as RepeatProfileState) ? (row.status as RepeatProfileState) : 'inactive';
      return { id, username: row?.username ?? '', name: row?.name ?? '', state, done_on_target: done.has(id) };
    }),
  };
}
