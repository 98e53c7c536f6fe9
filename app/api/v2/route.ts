import { getBalanceCents } from '@/lib/domain/balance';
import { centsToDecimal } from '@/lib/infra/money';
import { notifyDashboard } from '@/lib/infra/realtime';
import { addOrder, cancelOrders, getOrderStatuses, refillOrders, servicesAnswer, servicesPrefetch, statusPrefetch, V2_ACTIONS, v2Request } from '@/lib/domain/reseller';
import { errorResponse, V2_RESPONSES } from '@/lib/domain/reseller/responses';
import { apiKeyRoute, itemError, JsonText, protocolError, protocolLocale } from '@/app/api/_lib/api-key-route';
import { route } from '@/app/api/_lib/route';
import { AppError } from '@/lib/infra/errors';
import { isUuidKey, orderKey, type OrderView } from '@/lib/domain/order-view';
import { cancelSubscription, createSubscription, ownSubscriptionNumbers, subscriptionStatuses } from '@/lib/domain/watches';
import { parseExpiry } from '@/lib/domain/reseller/schemas';
import { isAppError } from '@/lib/infra/errors';

/**
 * An id echoed in a list answer as the caller gave it (issue #33): a number as a JSON number, an
 * older order's UUID (or anything else) as text.
 */
function echoId(id: string): number | string {
  const key = orderKey(id);
  return key !== null && !isUuidKey(key) ? Number(key) : id;
}

/** The ids that are numbers (not older orders' UUIDs): those may name a subscription. */
function numbersOf(ids: string[]): number[] {
  return ids.flatMap((id) => {
    const key = orderKey(id);
    return key !== null && !isUuidKey(key) && Number.isSafeInteger(Number(key)) ? [Number(key)] : [];
  });
}

/**
 * POST /api/v2: the reseller protocol (issue #16; docs/reseller-api.md is its manual). One
 * endpoint, `key` + `action`, form-encoded or JSON. A single `order` / `refill` answers its object
 * or an error status; a list (`orders`, `refills`, up to 100) answers every item, with per-item
 * `{error, code}` where one fails. Orders and refills are named by their numbers (issue #33);
 * an older integration's UUID still works wherever an id is taken.
 */
const spec = {
  body: v2Request,
  actions: V2_ACTIONS,
  summary: 'The reseller protocol (SMM API v2): `services`, `add`, `status`, `cancel`, `refill`, `refill_status`, `balance`',
  description:
    'One endpoint, form-encoded (or JSON) POST with `key` and `action`. Refusals are HTTP 200 with `{error, code}` (a missing, wrong or revoked key is one identical INVALID_API_KEY; each key has 120 requests a minute, then RATE_LIMITED with `retry_after`); English unless `lang` or Accept-Language asks otherwise. `add` applies every rule of the panel (package, profile limit, daily limit, cooldown, price and balance); `request_id` makes it idempotent. See docs/reseller-api.md.',
  responses: V2_RESPONSES,
  errorResponse,
  // `status` reads its orders in the key check's statement, `services` the caller's packages (issue #35).
  prefetch: (fields: Record<string, unknown>) => statusPrefetch(fields) ?? servicesPrefetch(fields),
};

export const POST = apiKeyRoute(spec, async ({ db, user, keyId, input, locale, prefetched }) => {
  switch (input.action) {
    case 'services':
      return new JsonText(await servicesAnswer(db, user, locale, prefetched));

    case 'add': {
      if (input.subscription) {
        // Issue #37 item 4: a subscription service makes a watch; its number is the `order` (docs/reseller-api.md "Subscriptions").
        const { order } = await createSubscription(db, user.id, {
          service: input.service,
          username: input.username!,
          min: input.min!,
          max: input.max!,
          posts: input.posts,
          delay: input.delay,
          expiry: input.expiry === undefined ? undefined : (parseExpiry(input.expiry) ?? undefined),
          prompt: input.comments,
          requestId: input.request_id,
        });
        return { order, charge: '0.00' };
      }
      const { order, replayed, charge } = await addOrder(db, { user, keyId }, input, locale);
      if (!replayed) notifyDashboard();
      return { order, charge };
    }

    case 'status': {
      const ids = input.orders ?? [input.order!];
      // Issue #37 item 4: a subscription's number answers its subscription status.
      const subs = await subscriptionStatuses(db, user.id, numbersOf(ids));
      const subOf = (id: string) => subs.get(Number(orderKey(id)));
      if (!input.orders && subOf(input.order!)) return subOf(input.order!)!;
      // The views come as JSON text from PostgreSQL (lib/domain/order-view) and are sent as they are.
      const found = await getOrderStatuses(db, user.id, ids, 'order', prefetched);
      if (!input.orders) {
        const one = found.get(input.order!)!;
        if (!one.ok) throw one.error;
        return new JsonText(one.value);
      }
      return new JsonText(
        `{${[...found].map(([id, r]) => `${JSON.stringify(id)}:${subOf(id) ? JSON.stringify(subOf(id)) : r.ok ? r.value : JSON.stringify(itemError(r.error, locale))}`).join(',')}}`,
      );
    }

    case 'cancel': {
      const ids = input.orders ?? [input.order!];
      // Issue #37 item 4: a subscription's number stops the subscription; the other ids are orders.
      const subs = await ownSubscriptionNumbers(db, user.id, numbersOf(ids));
      const done = await cancelOrders(db, user.id, ids.filter((id) => !subs.has(Number(orderKey(id)))));
      for (const id of ids.filter((x) => subs.has(Number(orderKey(x))))) {
        try {
          await cancelSubscription(db, user.id, Number(orderKey(id)));
          done.set(id, { ok: true, value: 1 });
        } catch (err) {
          if (!isAppError(err)) throw err;
          done.set(id, { ok: false, error: err });
        }
      }
      if (!input.orders) {
        const one = done.get(input.order!)!;
        if (!one.ok) throw one.error;
        return { order: echoId(input.order!), cancel: 1 };
      }
      return [...new Set(ids)].map((order) => {
        const r = done.get(order)!;
        return { order: echoId(order), cancel: r.ok ? (1 as const) : itemError(r.error, locale) };
      });
    }

    case 'refill': {
      const done = await refillOrders(db, user.id, input.orders ?? [input.order!]);
      if (!input.orders) {
        const one = done.get(input.order!)!;
        if (!one.ok) throw one.error;
        return { refill: one.value };
      }
      return [...done].map(([order, r]) => ({ order: echoId(order), refill: r.ok ? r.value : itemError(r.error, locale) }));
    }

    case 'refill_status': {
      const found = await getOrderStatuses(db, user.id, input.refills ?? [input.refill!], 'refill');
      if (!input.refills) {
        const one = found.get(input.refill!)!;
        if (!one.ok) throw one.error;
        return new JsonText(one.value);
      }
      return [...found].map(([refill, r]) => ({ refill: echoId(refill), status: r.ok ? (JSON.parse(r.value) as OrderView).status : itemError(r.error, locale) }));
    }

    case 'balance':
      return { balance: centsToDecimal(await getBalanceCents(db, user.id)), currency: 'USD' };
  }
});

/**
 * GET /api/v2: a browser or a tool checking the address. The protocol is POST only: the answer says
 * so in the protocol's shape (`{error, code: "USE_POST"}`, HTTP 200 as every refusal, `Allow: POST`),
 * in English unless `lang` or Accept-Language asks for another language.
 */
export const GET = route(
  { auth: 'public', summary: 'Not the protocol: says to use POST', description: 'Answers `{"error": "…", "code": "USE_POST"}` (HTTP 200, `Allow: POST`): the reseller protocol is POST only.' },
  ({ req }) => protocolError(new AppError('USE_POST', { headers: { allow: 'POST' } }), req, protocolLocale(req)),
);
