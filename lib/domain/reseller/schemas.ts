import { z } from 'zod';
import { serviceOfWire, subscriptionOfWire, type Service, SERVICES, PLATFORMS } from '@/lib/domain/catalogue/services';
import { MAX_PROFILES_PER_SEND } from '@/lib/domain/operations/schemas';
import { id, int, text } from '@/lib/infra/validation';
import { isCommentService } from '@/lib/domain/operations/comment-rules';

/**
 * Issue #36 item 6: `comments` of a comment service with more than one line (a line break in it,
 * trailing ones ignored) are custom comments, one text per profile in order; one line stays the
 * prompt the provider writes from. Returns the lines, or undefined for a prompt.
 */
export function customCommentLines(service: string, comments: string | undefined): string[] | undefined {
  if (!comments || !isCommentService(service)) return undefined;
  const lines = comments.replace(/(?:\r?\n)+$/, '').split(/\r?\n/);
  return lines.length > 1 ? lines : undefined;
}

/**
 * The reseller protocol's request bodies (issue #16, docs/reseller-api.md). Every field may come
 * as form text or as JSON, so numbers and lists are read from text too; lists are comma-separated
 * text or JSON arrays. `key` is read and removed by the API-key wrapper before this parses.
 */
export const V2_ACTIONS = ['services', 'add', 'status', 'cancel', 'refill', 'refill_status', 'balance'] as const;
export type V2Action = (typeof V2_ACTIONS)[number];
export const MAX_IDS_PER_REQUEST = 100;

/** One id or a comma-separated list (or a JSON array) of ids, as trimmed text. */
const idList = (max: number) =>
  z
    .union([z.array(z.union([text({ max: 64 }), z.number()])), text({ max: 64 * 101 }), z.number()])
    .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).map((x) => String(x).trim()).filter(Boolean))
    .pipe(z.array(text({ max: 64 })).min(1, 'Validation.v2_ids_required').max(max, 'Validation.v2_too_many_ids'));

const oneId = z.union([text({ max: 64 }), z.number()]).transform((v) => String(v).trim());

const profileIdList = z
  .union([z.array(z.union([text({ max: 20 }), z.number()])), text({ max: 20 * 501 })])
  .transform((v): unknown[] => (Array.isArray(v) ? v : v.split(',')).map((x) => String(x).trim()).filter(Boolean))
  .pipe(z.array(id('Validation.profile_required')).max(MAX_PROFILES_PER_SEND, 'Validation.profile_required'));

const quantity = int({ min: 1, max: MAX_PROFILES_PER_SEND, message: 'Validation.v2_quantity_invalid' });

export const servicesRequest = z.object({ action: z.literal('services') });
export const balanceRequest = z.object({ action: z.literal('balance') });

/**
 * Issue #37 item 4: the `delay` values of a subscription the protocol offers (minutes after a
 * post before its order starts), as JustAnotherPanel lists them.
 */
export const SUBSCRIPTION_DELAYS = [0, 5, 10, 15, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 360, 420, 480, 540, 600] as const;

/** A subscription's `expiry`: the protocol's d/m/Y (`25/12/2026`), or an ISO date or time; null when it is neither. */
export function parseExpiry(value: string): string | null {
  const dmy = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (dmy) {
    const iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
    const d = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value ? value : null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) return value;
  return null;
}

export const addRequest = z
  .object({
    action: z.literal('add'),
    /** A service from `services`: its number (issue #33) or its key; or a subscription service's number (issue #37). */
    service: z
      .union([z.number(), text({ max: 64 })], { message: 'Errors.INVALID_SERVICE' })
      .describe('A service from `services`: its number (`service`, e.g. 2) or its key (`key`); a subscription service (type `Subscriptions`) by its number (e.g. 1002).'),
    /** The post or video (for a service that posts a text: an optional post to quote). */
    link: text({ max: 2000 }).optional().describe('The post, reel or video the service acts on (a channel or account page for a service that takes one); for a service that posts a text, an optional post to quote.'),
    /** How many profiles: the server picks them, most reliable first. */
    quantity: quantity.optional().describe('How many profiles: the server picks them, the most reliable that can still act on the target.'),
    /** Or exactly these profiles (comma-separated ids), as the UI sends. */
    profile_ids: profileIdList.optional().describe('Instead of quantity: exactly these profiles (comma-separated ids).'),
    /** Issue #36 item 3: one of the caller's crews (its id or its name): its available profiles act. */
    crew: z
      .union([z.number(), text({ max: 100, message: 'Validation.crew_invalid' })])
      .transform((v) => (typeof v === 'number' ? v : v.trim()))
      .optional()
      .describe('Instead of an automatic pick: one of your crews of this platform (its id or its name). Its active profiles act, in the crew’s order; profiles that left the roster or are paused are skipped, never replaced. With `quantity`, the first `quantity` of them (more than it has: NOT_ENOUGH_PROFILES).'),
    /** The prompt of a comment service; the text of a new tweet. */
    comments: text({ max: 200_000 })
      .optional()
      .describe('A comment service: the prompt that steers the generated comments (one line), or custom comments, one per line (issue #36: one text per profile, posted verbatim). A new tweet: its text.'),
    /** Drip-feed: `quantity` profiles per run, `runs` runs, `interval` minutes apart (one order). */
    runs: int({ min: 1, max: 100, message: 'Validation.v2_dripfeed_invalid' })
      .optional()
      .describe('Drip-feed: how many runs (default 1). `quantity` is per run: the order has `quantity` × `runs` profiles, the i-th run acting i × `interval` minutes after `start_at`.'),
    interval: int({ min: 0, max: 1440, message: 'Validation.v2_dripfeed_invalid' }).optional().describe('Drip-feed: minutes between runs (1–1440; the last run at most 24 h after the first).'),
    /** Issue #17: a scheduled, spread order (range checked by the send: START_AT_INVALID, SPREAD_INVALID). */
    start_at: text({ max: 64 }).optional().describe('When the first profile acts: an ISO 8601 time with zone, from now to 30 days ahead (default now). Until then the order is Pending (`order_status` scheduled) and can be cancelled.'),
    spread_minutes: z.union([z.number(), text({ max: 10 })]).optional().describe('Spread the profiles at random moments across this many minutes after `start_at` (0–1440, default 0: all at once).'),
    /** Issue #33 item 6: the most this order may take from the balance (USD); a dearer order is refused MAX_CHARGE_EXCEEDED. */
    max_charge: z
      .union([text({ max: 20, message: 'Validation.v2_max_charge_invalid' }), z.number()])
      .transform((v) => String(v).trim())
      .pipe(text({ max: 20 }).regex(/^\d{1,7}(?:\.\d{1,2})?$/, 'Validation.v2_max_charge_invalid'))
      .optional()
      .describe('The most this order may take from your balance, USD (e.g. `2.50`); an order that would cost more is refused with MAX_CHARGE_EXCEEDED and nothing is charged.'),
    /** Idempotency: the same request id always answers the same order and never makes a second one. */
    request_id: text({ max: 100, message: 'Validation.v2_request_id_invalid' })
      .regex(/^[\x21-\x7e]+$/, 'Validation.v2_request_id_invalid')
      .optional()
      .describe('Idempotency: the same `request_id` always answers the same order and never makes a second one.'),
    // Issue #37 item 4: a subscription service's fields, as the protocol names them (docs/reseller-api.md).
    username: text({ max: 200, message: 'Validation.v2_sub_username' })
      .optional()
      .describe('Subscriptions: the account whose new posts are acted on, `@handle`, `handle` or its link on the service’s platform.'),
    min: int({ min: 1, max: MAX_PROFILES_PER_SEND, message: 'Validation.v2_sub_min_max' }).optional().describe('Subscriptions: the fewest profiles acting on each new post (1–500).'),
    max: int({ min: 1, max: MAX_PROFILES_PER_SEND, message: 'Validation.v2_sub_min_max' })
      .optional()
      .describe('Subscriptions: the most profiles acting on each new post (min–500): each post gets a random count in [min, max] of the subscription’s profiles, picked at `add`.'),
    posts: int({ min: 0, max: 1_000_000, message: 'Validation.v2_sub_posts' }).optional().describe('Subscriptions: how many new posts in all (0 or absent: every new post until `expiry`); the subscription completes after that many.'),
    delay: int({ min: 0, max: 600, message: 'Validation.v2_sub_delay' })
      .refine((v) => (SUBSCRIPTION_DELAYS as readonly number[]).includes(v), 'Validation.v2_sub_delay')
      .optional()
      .describe(`Subscriptions: minutes after a post before its order starts, one of ${SUBSCRIPTION_DELAYS.join(', ')} (default 0).`),
    expiry: text({ max: 40, message: 'Validation.v2_sub_expiry' })
      .refine((v) => parseExpiry(v) !== null, 'Validation.v2_sub_expiry')
      .optional()
      .describe('Subscriptions: the last day, d/m/Y (`25/12/2026`) or ISO (`2026-12-25`, or a time with zone), at most your package’s end (default: the package’s end).'),
  })
  .refine((v) => wireService(v.service).service !== undefined, { message: 'Errors.INVALID_SERVICE', path: ['service'] })
  // Issue #37 item 4: a subscription needs its account and min/max (min ≤ max), and takes no link, profiles or drip-feed.
  .refine((v) => !wireService(v.service).subscription || (v.username !== undefined && v.username !== ''), { message: 'Validation.v2_sub_username', path: ['username'] })
  .refine((v) => !wireService(v.service).subscription || (v.min !== undefined && v.max !== undefined && v.min <= v.max), { message: 'Validation.v2_sub_min_max', path: ['min'] })
  .refine((v) => !wireService(v.service).subscription || (v.quantity === undefined && !v.profile_ids?.length && v.crew === undefined && v.runs === undefined && v.start_at === undefined && v.link === undefined), {
    message: 'Validation.v2_sub_fields',
    path: ['service'],
  })
  .refine(
    (v) =>
      wireService(v.service).subscription ||
      v.quantity !== undefined ||
      (v.profile_ids?.length ?? 0) > 0 ||
      (v.crew !== undefined && v.crew !== '') ||
      customCommentLines(wireService(v.service).service ?? '', v.comments) !== undefined,
    { message: 'Validation.v2_quantity_invalid', path: ['quantity'] },
  )
  .refine((v) => v.crew === undefined || !v.profile_ids?.length, { message: 'Validation.v2_crew_with_profiles', path: ['crew'] })
  .refine((v) => v.quantity === undefined || !v.profile_ids?.length || v.profile_ids.length === v.quantity * (v.runs ?? 1), {
    message: 'Validation.v2_quantity_mismatch',
    path: ['quantity'],
  })
  // Drip-feed: an interval, a last run within the 24 h a spread may take, not combined with spread_minutes,
  // and at most MAX_PROFILES_PER_SEND profiles in all.
  .refine(
    (v) =>
      (v.runs ?? 1) <= 1 ||
      ((v.interval ?? 0) >= 1 &&
        ((v.runs ?? 1) - 1) * (v.interval ?? 0) <= 1440 &&
        (v.spread_minutes === undefined || Number(v.spread_minutes) === 0) &&
        (v.profile_ids?.length ?? (v.quantity ?? 0) * (v.runs ?? 1)) <= MAX_PROFILES_PER_SEND),
    { message: 'Validation.v2_dripfeed_invalid', path: ['runs'] },
  )
  // The service resolved last (the refinements above run even when a field is refused, so every problem is named at once).
  .transform((v) => {
    const { service, subscription } = wireService(v.service);
    // A refused value still needs a service for the type; the refinement above refuses the request.
    return { ...v, service: service ?? SERVICES[PLATFORMS[0]][0], subscription };
  });

/** The service a wire value names: a service (its number or key) or a subscription service (issue #37 item 4). */
function wireService(value: number | string): { service: Service | undefined; subscription: boolean } {
  const subscription = subscriptionOfWire(value);
  return subscription ? { service: subscription, subscription: true } : { service: serviceOfWire(value), subscription: false };
}

export const statusRequest = z
  .object({
    action: z.literal('status'),
    order: oneId.optional().describe('One order id: its number (an older order UUID is still accepted).'),
    orders: idList(MAX_IDS_PER_REQUEST).optional().describe('Up to 100 order ids (numbers, or older UUIDs), comma-separated.'),
  })
  .refine((v) => v.order !== undefined || v.orders !== undefined, { message: 'Validation.v2_ids_required', path: ['order'] });

export const cancelRequest = z
  .object({ action: z.literal('cancel'), order: oneId.optional(), orders: idList(MAX_IDS_PER_REQUEST).optional() })
  .refine((v) => v.order !== undefined || v.orders !== undefined, { message: 'Validation.v2_ids_required', path: ['orders'] });

export const refillRequest = z
  .object({ action: z.literal('refill'), order: oneId.optional(), orders: idList(MAX_IDS_PER_REQUEST).optional() })
  .refine((v) => v.order !== undefined || v.orders !== undefined, { message: 'Validation.v2_ids_required', path: ['order'] });

export const refillStatusRequest = z
  .object({ action: z.literal('refill_status'), refill: oneId.optional(), refills: idList(MAX_IDS_PER_REQUEST).optional() })
  .refine((v) => v.refill !== undefined || v.refills !== undefined, { message: 'Validation.v2_ids_required', path: ['refill'] });

/** The body of POST /api/v2 (after `key`), one shape per action. */
export const v2Request = z.discriminatedUnion('action', [
  servicesRequest,
  addRequest,
  statusRequest,
  cancelRequest,
  refillRequest,
  refillStatusRequest,
  balanceRequest,
]);
export type V2Request = z.output<typeof v2Request>;
export type AddRequest = z.output<typeof addRequest>;
