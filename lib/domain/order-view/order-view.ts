import 'server-only';
import type { Db } from '@/db/client';
import { orders, type ProfileResult } from '@/db/schema';
import { eq, sql, type SQL } from 'drizzle-orm';
import { rawQuery } from '@/db/raw';
import { protocolStatusSqlText, type ProtocolStatus } from '@/lib/domain/order-figures';

type Order = typeof orders.$inferSelect;

/*
 * An order as the reseller protocol shows it (issue #16, docs/reseller-api.md): the answer of
 * `status` in POST /api/v2 and the body of every webhook. One module both use, depending on
 * nothing but the schema and lib/domain/order-figures (which names our statuses in the protocol's words,
 * a failed order Canceled, and says why; `order_status` carries the precise state), so
 * lib/domain/operations can queue webhooks without importing the API.
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
  /** A refill's original order, by its number (issue #33). */
  refill_of: number | null;
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

/** lib/infra/money centsToDecimal in SQL: what the order cost in the end, e.g. 12.50. */
const charge = (o: string) => {
  const d = `(${o}.price_cents - ${o}.refunded_cents)`;
  return `(case when ${d} < 0 then '-' else '' end || (abs(${d}) / 100)::text || '.' || lpad((abs(${d}) % 100)::text, 2, '0'))`;
};

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
    ['username', json(`coalesce((select p.username from profiles p where p.id = (r.v->>'profile_id')::int), '')`)],
    ['result', json(`r.v->>'result'`)],
    ['proof_url', json(`r.v->>'proof_url'`), `${success} and coalesce(r.v->>'proof_url', '') <> ''`],
    ['text', json(`r.v->>'text'`), `${success} and coalesce(r.v->>'text', '') <> ''`],
  ]);
  return `(select ',"remains":"' || (${o}.profile_count - count(*) filter (where ${success}))::text || '","currency":"USD","profiles":[' || coalesce(string_agg(${profile}, ',' order by r.ord), '') || ']'
    from jsonb_array_elements(${o}.results) with ordinality as r(v, ord))`;
};
// The profile's name is a look-up by its id per result (profiles_pkey): joined to the results, the
// planner (which guesses 100 results per order) hashed the whole profiles table once per order,
// 0.2 ms per order with 2,400 profiles: 22 ms of a 100-order status (issue #35).


/** The view of the order row `o` as JSON text (OrderView). */
const orderViewSql = (o: string) =>
  jsonObjectSql([
    ['charge', json(charge(o))],
    ['start_count', json(`coalesce(${o}.start_count, 0)::text`)],
    ['status', json(protocolStatusSqlText(o))],
    ['', resultsSql(o)],
    ['order_status', json(`${o}.status`)],
    ['service', json(`${o}.service`)],
    ['link', json(`${o}.target_url`)],
    ['created_at', json(isoText(`${o}.created_at`))],
    ['completed_at', json(isoText(`${o}.completed_at`))],
    ['refill_of', json(`(select r.number from orders r where r.id = ${o}.refill_of)`)],
  ]);

/*
 * The views of some of one owner's orders, in one text: each order's id (36 characters), its
 * number, U+001F, then its view, the orders separated by U+001E (JSON text never holds either
 * unescaped). An order is asked for by its UUID or by its number (issue #33: the protocol's
 * integer ids; a UUID of an older integration still works). The owner and the ids are SQL
 * placeholders, so the same text serves a statement of its own (readOrderViewTexts) and a part of
 * another (the reseller key check, viewsOfOwnerSql).
 */
const RECORD = '\u001e';
const NUMBER_END = '\u001f';
//
// The orders are found by their ids (orders_pkey, orders_number_uq), and only then checked for their
// owner: `o.user_id + 0` keeps the planner from reading every order of the owner through a
// user_id index and filtering them by id (issue #35: the owner is a column of the key check, so
// the planner cannot tell a busy reseller from a new customer; at 1,000,000 orders that read a
// reseller's ~6,700 orders for every `status`, 16 ms instead of 0.3).
const viewsParts = (refillsOnly: boolean) =>
  [
    `(select string_agg(o.id::text || o.number::text || chr(31) || ${orderViewSql('o')}, chr(30)) from orders o where (o.id = any(`,
    `) or o.number = any(`,
    `)) and o.user_id + 0 = `,
    `${refillsOnly ? ' and o.refill_of is not null' : ''})`,
  ] as const;
const viewsText = (owner: string, uuids: string, numbers: string, refillsOnly: boolean) => {
  const [select, orNumbers, andOwner, end] = viewsParts(refillsOnly);
  return `${select}${uuids}${orNumbers}${numbers}${andOwner}${owner}${end}`;
};

const VIEWS = `select ${viewsText('$1::int', '$2::uuid[]', '$3::int8[]', false)} as views`;
const VIEWS_OF_REFILLS = `select ${viewsText('$1::int', '$2::uuid[]', '$3::int8[]', true)} as views`;
const VIEW_OF_ORDER = `select ${orderViewSql('o')} as view from orders o where o.id = $1::uuid`;

/**
 * The views of viewsText, keyed by lower-case order id and by order number (as orderKey gives
 * them), each view under both.
 */
export function parseOrderViewTexts(text: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!text) return out;
  for (const record of text.split(RECORD)) {
    const end = record.indexOf(NUMBER_END, 36);
    const view = record.slice(end + 1);
    out.set(record.slice(0, 36), view);
    out.set(record.slice(36, end), view);
  }
  return out;
}

/** Well-formed ids (orderKey's keys) split into UUIDs and numbers, for the statements above. */
function splitKeys(keys: string[]): [uuids: string[], numbers: string[]] {
  const uuids: string[] = [];
  const numbers: string[] = [];
  for (const key of keys) (key.length === 36 ? uuids : numbers).push(key);
  return [uuids, numbers];
}

/**
 * The views of the orders `ids` (orderKey's keys) of the owner `owner` (a SQL expression) as one
 * text column, for a statement that finds the owner itself: the reseller protocol's key check
 * (issue #19: the key, its budget and the answer of `status` in one statement). Read with
 * parseOrderViewTexts.
 */
export function viewsOfOwnerSql(owner: SQL, ids: string[]): SQL {
  const [select, orNumbers, andOwner, end] = viewsParts(false);
  const [uuids, numbers] = splitKeys(ids);
  return sql.join([sql.raw(select), sql`${sql.param(uuids)}::uuid[]`, sql.raw(orNumbers), sql`${sql.param(numbers)}::int8[]`, sql.raw(andOwner), owner, sql.raw(end)]);
}

/**
 * The views of some of one user's orders as JSON text, in one statement, keyed as
 * parseOrderViewTexts keys them (an id of another user's order is not there); `ids` are orderKey's
 * keys (UUIDs and numbers); `refillsOnly` keeps refills.
 */
export async function readOrderViewTexts(db: Db, userId: number, ids: string[], refillsOnly = false): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // A fixed text through the driver (db/raw.ts): no query building per request.
  const [row] = await rawQuery<{ views: string | null }>(db, refillsOnly ? VIEWS_OF_REFILLS : VIEWS, [userId, ...splitKeys(ids)]);
  return parseOrderViewTexts(row?.views ?? null);
}

/** One order's view (the webhook of its change, its support ticket), or null. In a transaction, as that transaction sees it. */
export async function readOrderView(db: Db, orderId: string): Promise<OrderView | null> {
  const [row] = await rawQuery<{ view: string }>(db, VIEW_OF_ORDER, [orderId]);
  return row ? (JSON.parse(row.view) as OrderView) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[0-9]{1,15}$/;

/**
 * An order as a caller names it (issue #33): its number ("123", or 123 from JSON) or, as older
 * integrations do, its UUID. The key under which readOrderViewTexts finds it (the number without
 * leading zeros, the UUID in lower case), or null for anything else, which is then the same
 * ORDER_NOT_FOUND as an order that does not exist.
 */
export function orderKey(value: string | number): string | null {
  const text = String(value).trim();
  if (UUID.test(text)) return text.toLowerCase();
  if (!NUMBER.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? String(n) : null;
}

/** orderKey, also accepting "#123" as a person types it (the UI, the admin search, a ticket's order field). */
export function orderKeyOfInput(value: string): string | null {
  return orderKey(value.trim().replace(/^#\s*/, ''));
}

/** Whether a value names an order (by number or UUID). */
export const isOrderId = (value: string) => orderKey(value) !== null;

/** Whether an orderKey key is a UUID (else it is a number). */
export const isUuidKey = (key: string) => key.length === 36;

/** A Drizzle condition on `orders` for an orderKey key: its UUID or its number. */
export const orderByKey = (key: string): SQL => (isUuidKey(key) ? eq(orders.id, key) : eq(orders.number, Number(key)));
