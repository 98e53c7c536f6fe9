import 'server-only';
import type { Db } from '@/db/client';
import type { orders, ProfileResult } from '@/db/schema';
import { sql, type SQL } from 'drizzle-orm';
import { rawQuery } from '@/db/raw';

type Order = typeof orders.$inferSelect;

/*
 * An order as the reseller protocol shows it (issue #16, docs/reseller-api.md): the answer of
 * `status` in POST /api/v2 and the body of every webhook. One module both use, depending on
 * nothing but the schema, so lib/operations can queue webhooks without importing the API.
 */

/** The protocol's statuses. */
export type ProtocolStatus = 'Pending' | 'In progress' | 'Completed' | 'Partial' | 'Canceled';

/*
 * Our order statuses in the protocol's words (protocolStatusSql below): an order in which every
 * profile failed did nothing and was charged nothing (its use was given back, a paid one
 * refunded), which is what a reseller script knows as Canceled; `order_status` carries the
 * precise state.
 */

export type OrderView = {
  /** What the order cost in the end, USD with 2 decimals (price minus refunds). */
  charge: string;
  /** The target's count when the provider started, as digits ("0" when the provider did not report it). */
  start_count: string;
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

/*
 * The view is made by PostgreSQL, as JSON text in JSON.stringify's form (no spaces, keys in the
 * order of OrderView), in this one expression: the reseller `status` of 100 orders sends the texts
 * as they come (issue #19: parsing the orders' jsonb, building the views and serializing 48 KB of
 * them was a quarter of the request), and the webhook and the support ticket parse the same text.
 * Strings are encoded by to_json, which escapes as JSON.stringify does.
 */

/** A SQL value as JSON text: strings quoted and escaped, numbers as they are, NULL as null. */
const json = (expr: string) => `coalesce(to_json(${expr})::text, 'null')`;

/**
 * `{"key":value,…}` as SQL text; a field with a condition is left out where it is false. A field
 * with the key '' (not the first) is a text of its own `,"key":value` pairs.
 */
function jsonObjectSql(fields: [key: string, value: string, when?: string][]): string {
  const parts = fields.map(([key, value, when], i) => {
    const head = key === '' && i > 0 ? value : `'${i === 0 ? '{' : ','}"${key}":' || ${value}`;
    return when ? `case when ${when} then ${head} else '' end` : head;
  });
  return `(${parts.join(' || ')} || '}')`;
}

// toISOString()'s form (UTC, milliseconds, Z), formatted by PostgreSQL.
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** lib/money centsToDecimal in SQL: what the order cost in the end, e.g. 12.50. */
const charge = (o: string) => {
  const d = `(${o}.price_cents - ${o}.refunded_cents)`;
  return `(case when ${d} < 0 then '-' else '' end || (abs(${d}) / 100)::text || '.' || lpad((abs(${d}) % 100)::text, 2, '0'))`;
};

/** pending, scheduled → Pending; processing → In progress; completed; partial; failed, cancelled → Canceled. */
const protocolStatusSql = (o: string) =>
  `(case ${o}.status when 'pending' then 'Pending' when 'scheduled' then 'Pending' when 'processing' then 'In progress' when 'completed' then 'Completed' when 'partial' then 'Partial' else 'Canceled' end)`;

/**
 * `,"remains":…,"currency":"USD","profiles":[…]` from one pass over the order's results (the
 * three are adjacent in OrderView): each profile's result, in the order of `results`, with its
 * username ('' when the profile is gone), and the profiles not (yet) successful, a count of digits
 * quoted as to_json would.
 */
const resultsSql = (o: string) => {
  const success = `r.v->>'result' = 'success'`;
  const profile = jsonObjectSql([
    ['profile_id', `(r.v->'profile_id')::text`],
    ['username', json(`coalesce(p.username, '')`)],
    ['result', json(`r.v->>'result'`)],
    ['proof_url', json(`r.v->>'proof_url'`), `${success} and coalesce(r.v->>'proof_url', '') <> ''`],
    ['text', json(`r.v->>'text'`), `${success} and coalesce(r.v->>'text', '') <> ''`],
  ]);
  return `(select ',"remains":"' || (${o}.profile_count - count(*) filter (where ${success}))::text || '","currency":"USD","profiles":[' || coalesce(string_agg(${profile}, ',' order by r.ord), '') || ']'
    from jsonb_array_elements(${o}.results) with ordinality as r(v, ord) left join profiles p on p.id = (r.v->>'profile_id')::int)`;
};

/** The view of the order row `o` as JSON text (OrderView). */
const orderViewSql = (o: string) =>
  jsonObjectSql([
    ['charge', json(charge(o))],
    ['start_count', json(`coalesce(${o}.start_count, 0)::text`)],
    ['status', json(protocolStatusSql(o))],
    ['', resultsSql(o)],
    ['order_status', json(`${o}.status`)],
    ['service', json(`${o}.service`)],
    ['link', json(`${o}.target_url`)],
    ['created_at', json(isoText(`${o}.created_at`))],
    ['completed_at', json(isoText(`${o}.completed_at`))],
    ['refill_of', json(`${o}.refill_of`)],
  ]);

/*
 * The views of some of one owner's orders, in one text: each order's id (36 characters) then its
 * view, the orders separated by U+001E, which JSON text never holds unescaped. The owner and the
 * ids are SQL placeholders, so the same text serves a statement of its own (readOrderViewTexts)
 * and a part of another (the reseller key check, viewsOfOwnerSql).
 */
const RECORD = '\u001e';
const viewsParts = (refillsOnly: boolean) =>
  [
    `(select string_agg(o.id::text || ${orderViewSql('o')}, chr(30)) from orders o where o.user_id = `,
    ` and o.id = any(`,
    `)${refillsOnly ? ' and o.refill_of is not null' : ''})`,
  ] as const;
const viewsText = (owner: string, ids: string, refillsOnly: boolean) => {
  const [select, andIds, end] = viewsParts(refillsOnly);
  return `${select}${owner}${andIds}${ids}${end}`;
};

const VIEWS = `select ${viewsText('$1::int', '$2::uuid[]', false)} as views`;
const VIEWS_OF_REFILLS = `select ${viewsText('$1::int', '$2::uuid[]', true)} as views`;
const VIEW_OF_ORDER = `select ${orderViewSql('o')} as view from orders o where o.id = $1::uuid`;

/** The views of viewsText, keyed by lower-case order id. */
export function parseOrderViewTexts(text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!text) return out;
  for (const record of text.split(RECORD)) out.set(record.slice(0, 36), record.slice(36));
  return out;
}

/**
 * The views of the orders `ids` of the owner `owner` (a SQL expression) as one text column, for a
 * statement that finds the owner itself: the reseller protocol's key check (issue #19: the key,
 * its budget and the answer of `status` in one statement). Read with parseOrderViewTexts.
 */
export function viewsOfOwnerSql(owner: SQL, ids: string[]): SQL {
  const [select, andIds, end] = viewsParts(false);
  return sql.join([sql.raw(select), owner, sql.raw(andIds), sql`${sql.param(ids)}::uuid[]`, sql.raw(end)]);
}

/**
 * The views of some of one user's orders as JSON text, in one statement, keyed by lower-case
 * order id (an id of another user's order is not there); `refillsOnly` keeps refills.
 */
export async function readOrderViewTexts(db: Db, userId: number, ids: string[], refillsOnly = false): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // A fixed text through the driver (db/raw.ts): no query building per request.
  const [row] = await rawQuery<{ views: string | null }>(db, refillsOnly ? VIEWS_OF_REFILLS : VIEWS, [userId, ids]);
  return parseOrderViewTexts(row?.views ?? null);
}

/** One order's view (the webhook of its change, its support ticket), or null. In a transaction, as that transaction sees it. */
export async function readOrderView(db: Db, orderId: string): Promise<OrderView | null> {
  const [row] = await rawQuery<{ view: string }>(db, VIEW_OF_ORDER, [orderId]);
  return row ? (JSON.parse(row.view) as OrderView) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isOrderId = (value: string) => UUID.test(value);
