import { z } from 'zod';
import type { Service } from '@/lib/catalogue/services';
import { id, text } from '@/lib/validation';

/**
 * The send bodies of §7 "Service use", shared by the route handlers and the service-page forms.
 * Messages are message keys (Validation.*), translated by fail() and by the forms.
 */
export { TWEET_MAX, PROMPT_MAX, MAX_PROFILES_PER_SEND, isTweetUrl, isReelUrl, isYoutubeVideoUrl, isYoutubeChannelUrl, textLength, SPREAD_CHOICES } from './limits';
import { MAX_PROFILES_PER_SEND, PROMPT_MAX, TWEET_MAX, isReelUrl, isTweetUrl, isYoutubeChannelUrl, isYoutubeVideoUrl, textLength } from './limits';

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

const tweetUrl = url('Validation.tweet_url_invalid', isTweetUrl);
const reelsUrl = url('Validation.reels_url_invalid', isReelUrl);
const youtubeUrl = url('Validation.youtube_url_invalid', isYoutubeVideoUrl);

/**
 * Issue #17, on every send: `start_at` (ISO time with zone, now to 30 days ahead) and
 * `spread_minutes` (0–1440). Only their shape is read here; the range is checked against the
 * server's clock by sendOperation (START_AT_INVALID, SPREAD_INVALID).
 */
export const scheduleFields = {
  start_at: z.union([text({ max: 64, trim: false }), z.null()]).optional(),
  spread_minutes: z.union([z.number(), text({ max: 10, trim: false }), z.null()]).optional(),
};

export const tweetActionSchema = z.object({ ...scheduleFields, profile_ids: profileIds, tweet_url: tweetUrl });
export const tweetCommentSchema = z.object({ ...scheduleFields, profile_ids: profileIds, tweet_url: tweetUrl, prompt });
export const newTweetSchema = z.object({
  ...scheduleFields,
  profile_ids: profileIds,
  tweet_text: text({ max: TWEET_MAX * 2, message: 'Validation.tweet_text_required', tooLong: 'Validation.tweet_text_too_long' })
    .min(1, 'Validation.tweet_text_required')
    .refine((t) => textLength(t) <= TWEET_MAX, 'Validation.tweet_text_too_long'),
  quote_tweet_url: text({ max: 2000, message: 'Validation.tweet_url_invalid' })
    .refine((u) => u === '' || isTweetUrl(u), 'Validation.tweet_url_invalid')
    .optional()
    .nullable()
    .transform((u) => u || undefined),
  /** The price the user confirmed, in dollars; the server's own price is what is charged. */
  tweetPrice: z.union([z.number(), text({ max: 40 })]).optional().nullable(),
});
export const reelsActionSchema = z.object({ ...scheduleFields, profile_ids: profileIds, reels_url: reelsUrl });
export const reelsCommentSchema = z.object({ ...scheduleFields, profile_ids: profileIds, reels_url: reelsUrl, prompt });
export const youtubeActionSchema = z.object({ ...scheduleFields, profile_ids: profileIds, youtube_url: youtubeUrl });
export const youtubeCommentSchema = z.object({ ...scheduleFields, profile_ids: profileIds, youtube_url: youtubeUrl, prompt });
export const youtubeSubscribeSchema = z.object({
  ...scheduleFields,
  profile_ids: profileIds,
  youtube_url: url('Validation.youtube_url_invalid', (u) => isYoutubeChannelUrl(u) || isYoutubeVideoUrl(u)),
});

/** The new-tweet price quote's body: the profiles of the send, checked as the send checks them. */
export const newTweetQuoteSchema = z.object({ profile_ids: profileIds });

export const SEND_SCHEMAS = {
  retweet: tweetActionSchema,
  like: tweetActionSchema,
  bookmark: tweetActionSchema,
  comment: tweetCommentSchema,
  new_tweet: newTweetSchema,
  reels_like: reelsActionSchema,
  reels_share: reelsActionSchema,
  reels_bookmark: reelsActionSchema,
  reels_comment: reelsCommentSchema,
  youtube_like: youtubeActionSchema,
  youtube_comment: youtubeCommentSchema,
  youtube_subscribe: youtubeSubscribeSchema,
} as const satisfies Record<Service, z.ZodType>;

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
      targetUrl: (data.tweet_url ?? data.reels_url ?? data.youtube_url) as string | undefined,
      tweetText: data.tweet_text as string | undefined,
      quoteTweetUrl: data.quote_tweet_url as string | undefined,
      prompt: data.prompt as string | undefined,
      tweetPrice: data.tweetPrice as number | string | null | undefined,
      startAt: data.start_at as string | null | undefined,
      spreadMinutes: data.spread_minutes as number | string | null | undefined,
    }),
  );
}
