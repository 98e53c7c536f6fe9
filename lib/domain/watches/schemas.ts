import { z } from 'zod';
import { PLATFORMS } from '@/lib/domain/catalogue/services';
import { idParam, int, text } from '@/lib/infra/validation';

/** Issue #37 (docs/watch.md): the bounds of a watch. */
export const WATCH_LIMITS = {
  accountMax: 200,
  promptMax: 500,
  containsMax: 100,
  delayMaxMinutes: 1440,
  spreadMaxMinutes: 1440,
  postsPerDayMax: 100,
  profilesMax: 500,
  /** Without a package for the platform (pay per action), a watch ends within this many days. */
  daysWithoutPackage: 365,
} as const;

const delay = z
  .tuple([int({ min: 0, max: WATCH_LIMITS.delayMaxMinutes, message: 'WatchValidation.delay_invalid' }), int({ min: 0, max: WATCH_LIMITS.delayMaxMinutes, message: 'WatchValidation.delay_invalid' })], {
    error: 'WatchValidation.delay_invalid',
  })
  .refine(([min, max]) => min <= max, 'WatchValidation.delay_invalid');

const endsAt = text({ max: 40, message: 'WatchValidation.ends_at_invalid' }).refine(
  (v) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v)),
  'WatchValidation.ends_at_invalid',
);

const fields = {
  services: z
    .array(text({ max: 50, message: 'WatchValidation.services_invalid' }).min(1), { error: 'WatchValidation.services_invalid' })
    .min(1, 'WatchValidation.services_invalid')
    .max(20, 'WatchValidation.services_invalid')
    .refine((list) => new Set(list).size === list.length, 'WatchValidation.services_invalid'),
  profile_ids: z
    .array(int({ min: 1, max: 2_147_483_647, message: 'WatchValidation.profiles_invalid' }), { error: 'WatchValidation.profiles_invalid' })
    .min(1, 'WatchValidation.profiles_invalid')
    .max(WATCH_LIMITS.profilesMax, 'WatchValidation.profiles_invalid')
    .refine((list) => new Set(list).size === list.length, 'WatchValidation.profiles_invalid'),
  /** Issue #37 item 1: the customer's crew on that platform; at each post, its profiles active then. */
  crew_id: int({ min: 1, max: 2_147_483_647, message: 'WatchValidation.crew_invalid' }),
  /** At each post, the best N profiles by the match score for that post (as "Pick the best N"). */
  best_n: int({ min: 1, max: WATCH_LIMITS.profilesMax, message: 'WatchValidation.best_n_invalid' }),
  prompt: text({ max: WATCH_LIMITS.promptMax, message: 'WatchValidation.prompt_too_long' }).optional(),
  delay_minutes: delay,
  spread_minutes: int({ min: 0, max: WATCH_LIMITS.spreadMaxMinutes, message: 'WatchValidation.spread_invalid' }).optional().default(0),
  max_posts_per_day: int({ min: 1, max: WATCH_LIMITS.postsPerDayMax, message: 'WatchValidation.cap_invalid' }),
  ends_at: endsAt,
  contains: text({ max: WATCH_LIMITS.containsMax, message: 'WatchValidation.contains_too_long' }).optional(),
};

/** The profile choices: exactly one of ticked profiles, a crew, or the best N (issue #37 item 1). */
const CHOICES = ['profile_ids', 'crew_id', 'best_n'] as const;
const choicesGiven = (v: Record<string, unknown>) => CHOICES.filter((k) => v[k] !== undefined).length;

/** POST /api/watches. */
export const createWatchSchema = z
  .object({
    platform: z.enum(PLATFORMS, 'WatchValidation.platform_invalid'),
    account: text({ max: WATCH_LIMITS.accountMax, message: 'WatchValidation.account_invalid' }).min(1, 'WatchValidation.account_invalid'),
    ...fields,
    profile_ids: fields.profile_ids.optional().describe('Ticked profiles: each new post is acted on by these. Exactly one of `profile_ids`, `crew_id`, `best_n`.'),
    crew_id: fields.crew_id.optional().describe("One of the caller's crews on the platform: at each new post, the crew's profiles active then, within the package's profile limit."),
    best_n: fields.best_n.optional().describe("At each new post, the best N active profiles of the platform by the match score for that post (as the service page's \"Pick the best N\"), within the package's profile limit."),
  })
  .refine((v) => choicesGiven(v) === 1, { message: 'WatchValidation.profile_choice', path: ['profile_ids'] });
export type CreateWatchInput = z.output<typeof createWatchSchema>;

/** PATCH /api/watches/{id}: any of the settings; the platform and account stay. */
export const updateWatchSchema = z
  .object({
    services: fields.services.optional(),
    profile_ids: fields.profile_ids.optional(),
    crew_id: fields.crew_id.optional(),
    best_n: fields.best_n.optional(),
    prompt: fields.prompt,
    delay_minutes: delay.optional(),
    spread_minutes: int({ min: 0, max: WATCH_LIMITS.spreadMaxMinutes, message: 'WatchValidation.spread_invalid' }).optional(),
    max_posts_per_day: fields.max_posts_per_day.optional(),
    ends_at: endsAt.optional(),
    contains: fields.contains,
  })
  .strict()
  // At most one profile choice; given, it replaces the watch's choice.
  .refine((v) => choicesGiven(v) <= 1, { message: 'WatchValidation.profile_choice', path: ['profile_ids'] });
export type UpdateWatchInput = z.output<typeof updateWatchSchema>;

export const watchIdParams = z.object({ id: idParam });

/** Issue #37 item 5: GET /api/admin/watches?status=&page= (50 a page, newest first). */
export const ADMIN_WATCH_PAGE_SIZE = 50;
export const WATCH_STATUSES = ['active', 'paused', 'ended'] as const;
export const adminWatchQuerySchema = z
  .object({
    status: z.enum(WATCH_STATUSES, 'WatchValidation.status_invalid').optional(),
    page: int({ min: 1, max: 10_000, message: 'WatchValidation.page_invalid' }).optional().default(1),
  })
  .transform((q) => ({ status: q.status, limit: ADMIN_WATCH_PAGE_SIZE, offset: (q.page - 1) * ADMIN_WATCH_PAGE_SIZE, page: q.page }));
export type AdminWatchQuery = z.output<typeof adminWatchQuerySchema>;
