import { z } from 'zod';
import { ORDER_STATUSES, PROTOCOL_STATUSES } from '@/lib/domain/order-figures';

/**
 * What POST /api/v2 answers, per action (docs/reseller-api.md). The OpenAPI description is
 * generated from these, and the protocol's tests check real answers against them, so the two
 * cannot drift apart.
 */

export const itemErrorResponse = z.object({ error: z.string(), code: z.string() }).describe('A per-item error: localized text and the machine code.');

export const errorResponse = z
  .object({
    error: z.string().describe('Localized text: the `lang` field, X-Locale or Accept-Language; English by default.'),
    code: z.string().describe('Machine code, e.g. INVALID_API_KEY, NO_PACKAGE.'),
    retry_after: z.string().regex(/^\d+$/).optional().describe('`RATE_LIMITED`, `COOLDOWN_ACTIVE`: seconds to wait (also the Retry-After header).'),
    errors: z.array(z.object({ path: z.string().describe('The field as sent: `link`, `comments`, `quantity`, `runs`, `interval`, `request_id`, …'), message: z.string() })).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.number()), z.array(z.object({ path: z.string(), message: z.string() }))]))
  .describe('Every refusal, with HTTP 200 (only an unreadable body or a fault of ours is 4xx/5xx); extra fields carry its parameters as text (`limit`, `available`, `required`, `current`, …).');

export const serviceResponse = z.object({
  service: z.number().int().describe('The service’s number, to send as `service` in `add`; stable, never renumbered.'),
  key: z.string().describe('Our key of the service; `add` accepts it as `service` too.'),
  name: z.string(),
  type: z
    .enum(['Default', 'Comments', 'Tweet', 'Subscriptions'])
    .describe(
      'Default: link + quantity; Comments: `comments` is the prompt; Tweet: `comments` is the text, `link` an optional tweet to quote; Subscriptions: the service on every new post of `username` (`min`, `max`, `posts`, `delay`, `expiry`; `rate`, `min` and `max` per post).',
    ),
  category: z.string(),
  rate: z
    .string()
    .describe(
      'USD per 1000 actions (profiles) you will actually pay, as `billing` says: new tweets the dearest follower tier (see `rate_min`); pay-per-action services the price per action × 1000; package services the package price over the actions it allows one service in its term (daily limit × profile limit × days) × 1000, rounded up.',
    ),
  rate_min: z.string().optional().describe('New tweets: the cheapest follower tier per 1000 profiles (`rate` is the dearest).'),
  rate_max: z.string().optional().describe('New tweets: the dearest follower tier per 1000 profiles (equal to `rate`).'),
  rate_balance: z.string().optional().describe('A package service with pay-per-action on: USD per 1000 for an order past your daily limit, paid from the balance.'),
  billing: z.enum(['balance', 'package']).describe('`balance`: charged at `add` and refunded per failed profile; `package`: within your package’s limits.'),
  min: z.number().int(),
  max: z.number().int().describe('Your package’s profile limit on that platform; without a package, the pay-per-action cap of one order (0 when the service needs a package).'),
  refill: z.boolean(),
  cancel: z.boolean(),
  dripfeed: z.boolean(),
});

export const orderStatusResponse = z.object({
  charge: z.string().describe('USD spent on the order after refunds, two decimals.'),
  start_count: z
    .string()
    .regex(/^\d+$/)
    .describe('The target’s count (its likes, comments, subscribers…) when the provider started the order, as the provider reported it; "0" when it does not report one. The count the order aims at is `start_count` + (quantity − `remains`).'),
  status: z.enum(PROTOCOL_STATUSES),
  remains: z.string().describe('Profiles not (yet) successful.'),
  currency: z.literal('USD'),
  profiles: z.array(
    z.object({
      profile_id: z.number().int(),
      username: z.string(),
      result: z.enum(['success', 'failed', 'pending']),
      proof_url: z.string().optional().describe('Where the action can be seen on the platform (successful profiles, when the provider reports it).'),
      text: z.string().optional().describe('Comment services and new tweets: the text the profile posted.'),
    }),
  ),
  order_status: z.enum(ORDER_STATUSES).describe('Our precise state.'),
  service: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  refill_of: z.number().int().nullable().describe('For a refill: the number of the order it refills.'),
});

/** Issue #37 item 4: `status` of a subscription (a watch's number), as the protocol answers subscriptions. */
export const subscriptionStatusResponse = z.object({
  status: z.enum(['Active', 'Paused', 'Completed', 'Canceled']).describe('Active; Paused (by you on the site, or by an operator); Completed (its `expiry`, its package’s end or its `posts` reached); Canceled (`cancel`).'),
  expiry: z.string().describe('When it ends (ISO 8601, UTC).'),
  posts: z.string().regex(/^\d+$/).describe('New posts acted on so far.'),
  orders: z.array(z.number().int()).describe('The numbers of the orders made from its posts (each an ordinary order for `status`).'),
  charge: z.string().describe('USD those orders cost after refunds, two decimals.'),
  currency: z.literal('USD'),
});

/** An id as the caller gave it: a number, or (older integrations) a UUID, echoed as given. */
const ORDER_ID = z.union([z.number().int(), z.string()]).describe('The id as given: a number, or an older order’s UUID.');

export const V2_RESPONSES = {
  services: z.array(serviceResponse),
  add: z.object({
    order: z.number().int().describe('The order’s number (an integer, the "#123" of the site).'),
    charge: z.string().describe('USD taken from your balance for this order, two decimals (0.00 under a package; a replayed `request_id` answers the original charge, taken once).'),
  }),
  status: z
    .union([orderStatusResponse, subscriptionStatusResponse, z.record(z.string(), z.union([orderStatusResponse, subscriptionStatusResponse, itemErrorResponse]))])
    .describe('`order`: one object (a subscription’s number: its subscription status); `orders`: an object keyed by the ids as given.'),
  cancel: z
    .union([z.object({ order: ORDER_ID, cancel: z.literal(1) }), z.array(z.object({ order: ORDER_ID, cancel: z.union([z.literal(1), itemErrorResponse]) }))])
    .describe('`order`: one object (an error is the HTTP status); `orders`: one item per order.'),
  refill: z
    .union([z.object({ refill: z.number().int() }), z.array(z.object({ order: ORDER_ID, refill: z.union([z.number().int(), itemErrorResponse]) }))])
    .describe('The refill’s number (for `refill_status`).'),
  refill_status: z.union([orderStatusResponse, z.array(z.object({ refill: ORDER_ID, status: z.union([z.enum(PROTOCOL_STATUSES), itemErrorResponse]) }))]),
  balance: z.object({ balance: z.string().describe('USD, two decimals.'), currency: z.literal('USD') }),
} as const;
