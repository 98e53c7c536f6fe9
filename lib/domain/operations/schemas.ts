import { z } from 'zod';
import type { Service } from '@/lib/domain/catalogue/services';
import { allServices, type PlatformDescriptor, type ServiceDescriptor } from '@/platforms';
import { id, text } from '@/lib/infra/validation';

/**
 * The send bodies of §7 "Service use", shared by the route handlers and the service-page forms.
 * Messages are message keys (Validation.*), translated by fail() and by the forms.
 */
export { TWEET_MAX, PROMPT_MAX, MAX_PROFILES_PER_SEND, isLinkOf, textLength, SPREAD_CHOICES } from './limits';
import { MAX_PROFILES_PER_SEND, PROMPT_MAX, TWEET_MAX, isLinkOf, textLength } from './limits';

const profileIds = z
  .array(id('Validation.profile_required'), { message: 'Validation.profile_required' })
  .min(1, 'Validation.profile_required')
  .max(MAX_PROFILES_PER_SEND, 'Validation.profile_required')
  .refine((ids) => new Set(ids).size === ids.length, 'Validation.profiles_distinct');

const url = (message: string, test: (u: string) => boolean) =>
  text({ max: 2000, message: 'Validation.url_required', tooLong: message }).min(1, 'Validation.url_required').refine(test, message);

// A code point is at most two UTF-16 units: the unit limit only cuts off what the count refuses anyway.
const prompt = text({ max: PROMPT_MAX * 2, tooLong: 'Validation.prompt_too_long' })
  .refine((p) => textLength(p) <= PROMPT_MAX, 'Validation.prompt_too_long')
  .optional()
  .nullable()
  .transform((p) => p || undefined);

/**
 * Issue #17, on every send: `start_at` (ISO time with zone, now to 30 days ahead) and
 * `spread_minutes` (0–1440). Only their shape is read here; the range is checked against the
 * server's clock by sendOperation (START_AT_INVALID, SPREAD_INVALID).
 */
export const scheduleFields = {
  start_at: z.union([text({ max: 64, trim: false }), z.null()]).optional(),
  spread_minutes: z.union([z.number(), text({ max: 10, trim: false }), z.null()]).optional(),
};

/**
 * Issue #36 item 3: the crew the ticked profiles came from (recorded on the order as crew_id); the
 * send checks it is the customer's own crew of this platform (CREW_NOT_FOUND, CREW_OTHER_PLATFORM).
 */
const crewField = { crew_id: z.union([id('Validation.crew_invalid'), z.null()]).optional() };

/** A send's body by its service's descriptor: the profiles, the schedule and what its input takes. */
function sendSchemaOf(platform: PlatformDescriptor, service: ServiceDescriptor) {
  const isPost = (u: string) => isLinkOf(platform.key, u);
  if (service.input === 'text') {
    return z.object({
      ...scheduleFields,
      ...crewField,
      profile_ids: profileIds,
      tweet_text: text({ max: TWEET_MAX * 2, message: 'Validation.tweet_text_required', tooLong: 'Validation.tweet_text_too_long' })
        .min(1, 'Validation.tweet_text_required')
        .refine((t) => textLength(t) <= TWEET_MAX, 'Validation.tweet_text_too_long'),
      quote_tweet_url: text({ max: 2000, message: platform.linkMessage })
        .refine((u) => u === '' || isPost(u), platform.linkMessage)
        .optional()
        .nullable()
        .transform((u) => u || undefined),
      /** The price the user confirmed, in dollars; the server's own price is what is charged. */
      tweetPrice: z.union([z.number(), text({ max: 40 })]).optional().nullable(),
    });
  }
  const takes = (u: string) => service.targets.some((kind) => isLinkOf(platform.key, u, kind));
  const link = { [platform.linkField]: url(platform.linkMessage, takes) };
  return z.object({ ...scheduleFields, ...crewField, profile_ids: profileIds, ...link, ...(service.input === 'prompt' ? { prompt, comments: approvedComments } : {}) });
}

/**
 * Issue #36 item 6: `comments: [{profile_id, text}]`, the texts the customer approved, one per
 * profile of the send. Each text: no NUL, at most 20,000 UTF-16 units here; the service's own
 * limit, emptiness, blocked words and the rest are the send's (lib/domain/operations/check-comments.ts).
 */
const approvedComments = z
  .array(z.object({ profile_id: id('Validation.profile_required'), text: text({ max: 20_000, trim: false, tooLong: 'Validation.comment_too_long' }) }), { message: 'Validation.comments_invalid' })
  .min(1, 'Validation.comments_invalid')
  .max(MAX_PROFILES_PER_SEND, 'Validation.comments_invalid')
  .optional();

/** The new-tweet price quote's body: the profiles of the send, checked as the send checks them. */
export const newTweetQuoteSchema = z.object({ profile_ids: profileIds });

/** Every service's send body (§7 "Service use"), made from the platform registry. */
export const SEND_SCHEMAS = Object.fromEntries(allServices().map(({ platform, service }) => [service.key, sendSchemaOf(platform, service)])) as unknown as Record<Service, z.ZodObject>;

/** The link field of every platform's sends (§7: `tweet_url`, …), for reading a parsed body. */
const LINK_FIELDS = [...new Set(allServices().map(({ platform }) => platform.linkField))];

export type SendInput = {
  /** The chosen profiles; empty with `quantity` set: the server picks (reseller API, pick-profiles.ts). */
  profileIds: number[];
  quantity?: number;
  targetUrl?: string;
  tweetText?: string;
  quoteTweetUrl?: string;
  prompt?: string;
  /** Dollars, as the client confirmed it (new tweets). */
  tweetPrice?: number | string | null;
  /** Issue #17: ISO time of the first action (absent: now) and the window the profiles spread across. */
  startAt?: string | null;
  spreadMinutes?: number | string | null;
  /**
   * Issue #16 drip-feed (reseller API `runs`/`interval`): the profiles act in `runs` equal groups,
   * `intervalMinutes` apart, from the start. Checked by the reseller schema; not combined with a spread.
   */
  drip?: { runs: number; intervalMinutes: number };
  /** Issue #36 item 3: the customer's crew the profiles came from (checked by the send, recorded on the order). */
  crewId?: number;
  /** Issue #36 item 6: the approved text of each profile (comment services); absent: the provider writes them. */
  comments?: { profile_id: number; text: string }[];
  /** Issue #36 item 6, the reseller API's custom comments: one text per profile in the order's profile order (named or picked). */
  commentLines?: string[];
};

/**
 * The send body schema of a service, parsed into the one input shape of sendOperation. With
 * `withoutProfiles` the body names no profiles (the reseller API's `quantity`: the server picks
 * them, issue #16) and every other field is checked by the same schema.
 */
export function sendInputSchema(service: Service, options: { withoutProfiles?: boolean } = {}) {
  const base = options.withoutProfiles ? (SEND_SCHEMAS[service] as z.ZodObject).omit({ profile_ids: true }) : SEND_SCHEMAS[service];
  return (base as z.ZodType<Record<string, unknown> & { profile_ids?: number[] }>).transform(
    (data): SendInput => ({
      profileIds: data.profile_ids ?? [],
      targetUrl: LINK_FIELDS.map((field) => data[field]).find((v) => v !== undefined) as string | undefined,
      tweetText: data.tweet_text as string | undefined,
      quoteTweetUrl: data.quote_tweet_url as string | undefined,
      prompt: data.prompt as string | undefined,
      tweetPrice: data.tweetPrice as number | string | null | undefined,
      startAt: data.start_at as string | null | undefined,
      spreadMinutes: data.spread_minutes as number | string | null | undefined,
      crewId: (data.crew_id as number | null | undefined) ?? undefined,
      ...(data.comments ? { comments: data.comments as { profile_id: number; text: string }[] } : {}),
    }),
  );
}
