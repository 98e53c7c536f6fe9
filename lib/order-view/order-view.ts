import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, profiles, type ProfileResult } from '@/db/schema';
import { centsToDecimal } from '@/lib/money';
import { rawQuery } from '@/db/raw';

type Order = typeof orders.$inferSelect;

/*
 * An order as the reseller protocol shows it (issue #16, docs/reseller-api.md): the answer of
 * `status` in POST /api/v2 and the body of every webhook. One module both use, depending on
 * nothing but the schema, so lib/operations can queue webhooks without importing the API.
 */

/** The protocol's statuses. */
export type ProtocolStatus = 'Pending' | 'In progress' | 'Completed' | 'Partial' | 'Canceled';

/**
 * Our order statuses in the protocol's words: an order in which every profile failed did nothing
 * and was charged nothing (its use was given back, a paid one refunded), which is what a reseller
 * script knows as Canceled; `order_status` carries the precise state.
 */
export function protocolStatus(status: Order['status']): ProtocolStatus {
  switch (status) {
    case 'pending':
    case 'scheduled':
      return 'Pending';
    case 'processing':
      return 'In progress';
    case 'completed':
      return 'Completed';
    case 'partial':
      return 'Partial';
    default:
      return 'Canceled';
  }
}

export type OrderView = {
  /** What the order cost in the end, USD with 2 decimals (price minus refunds). */
  charge: string;
  /** The target's counter before the order: we do not read it, so always null. */
  start_count: null;
  status: ProtocolStatus;
  /** Profiles not (yet) successful. */
  remains: string;
  currency: 'USD';
  /** Extension: each profile's result. */
  profiles: { profile_id: number; username: string; result: ProfileResult['result']; proof_url?: string; text?: string }[];
  /** Extensions: our own state, service and times. */
  order_status: Order['status'];
  service: string;
  link: string | null;
  created_at: string;
  completed_at: string | null;
  refill_of: string | null;
};

/** Usernames of the profiles of these orders, in one query. */
export async function usernamesOf(db: Db, list: Pick<Order, 'profileIds'>[]): Promise<Map<number, string>> {
  const ids = [...new Set(list.flatMap((o) => o.profileIds))];
  if (ids.length === 0) return new Map();
  // One array parameter, not one per profile (issue #19: a status of 100 orders names ~300).
  const rows = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(sql`${profiles.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.username]));
}

/**
 * The columns an order's view is made of (issue #19: the reseller `status` reads only these for up
 * to 100 orders per request; reading and mapping every column was a quarter of its CPU).
 */
export type OrderViewRow = Pick<Order, 'id' | 'status' | 'priceCents' | 'refundedCents' | 'profileCount' | 'profileIds' | 'results' | 'service' | 'targetUrl' | 'refillOf'> & {
  /** A Date, or the ISO 8601 text PostgreSQL formatted (readOrderViews). */
  createdAt: Date | string;
  completedAt: Date | string | null;
};

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

export function toOrderView(order: Omit<OrderViewRow, 'profileIds'>, usernames: Map<number, string>): OrderView {
  const results = order.results as ProfileResult[];
  const done = results.filter((r) => r.result === 'success').length;
  return {
    charge: centsToDecimal(order.priceCents - order.refundedCents),
    start_count: null,
    status: protocolStatus(order.status),
    remains: String(order.profileCount - done),
    currency: 'USD',
    profiles: results.map((r) => ({
      profile_id: r.profile_id,
      username: usernames.get(r.profile_id) ?? '',
      result: r.result,
      ...(r.result === 'success' && r.proof_url ? { proof_url: r.proof_url } : {}),
      ...(r.result === 'success' && r.text ? { text: r.text } : {}),
    })),
    order_status: order.status,
    service: order.service,
    link: order.targetUrl,
    created_at: iso(order.createdAt),
    completed_at: order.completedAt === null ? null : iso(order.completedAt),
    refill_of: order.refillOf,
  };
}

// toISOString()'s form (UTC, milliseconds, Z), formatted by PostgreSQL.
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const VIEWS = `
  select o.id, o.status, o.price_cents as "priceCents", o.refunded_cents as "refundedCents",
         o.profile_count as "profileCount", o.results, o.service, o.target_url as "targetUrl",
         ${isoText('o.created_at')} as "createdAt", ${isoText('o.completed_at')} as "completedAt",
         o.refill_of as "refillOf",
         (select json_object_agg(p.id, p.username) from profiles p
           where p.id = any(array(select jsonb_array_elements_text(o.profile_ids)::int))) as usernames
    from orders o
   where o.user_id = $1::int and o.id = any($2::uuid[])`;
const VIEWS_OF_REFILLS = `${VIEWS} and o.refill_of is not null`;

/**
 * The views of some of one user's orders, in one statement: the order columns of the view, the
 * times already in ISO text, and each order's profile usernames (issue #19: the reseller `status`
 * of 100 orders made two queries and mapped ~400 rows through the query builder; this reads them
 * as the driver parses them). Keyed by lower-case order id; `refillsOnly` keeps refills.
 */
export async function readOrderViews(db: Db, userId: number, ids: string[], refillsOnly = false): Promise<Map<string, OrderView>> {
  const out = new Map<string, OrderView>();
  if (ids.length === 0) return out;
  // A fixed text through the driver (db/raw.ts): no query building per request.
  const rows = await rawQuery<Omit<OrderViewRow, 'profileIds'> & { usernames: Record<string, string> | null }>(db, refillsOnly ? VIEWS_OF_REFILLS : VIEWS, [userId, ids]);
  for (const row of rows) {
    const usernames = new Map(Object.entries(row.usernames ?? {}).map(([id, name]) => [Number(id), name]));
    out.set(row.id.toLowerCase(), toOrderView(row, usernames));
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: string) => UUID.test(value);
