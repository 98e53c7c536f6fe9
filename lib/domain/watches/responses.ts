import { z } from 'zod';

const watchView = z.object({
  id: z.number().int(),
  platform: z.string(),
  account: z.string(),
  services: z.array(z.string()),
  profile_ids: z.array(z.number().int()).describe('Ticked profiles; `[]` when the watch takes a crew or the best N.'),
  crew_id: z.number().int().nullable().describe("The crew whose profiles active at each post act on it (null: not this choice)."),
  best_n: z.number().int().nullable().describe('At each post, the best N profiles by the match score for it (null: not this choice).'),
  prompt: z.string().nullable(),
  delay_minutes: z.tuple([z.number().int(), z.number().int()]),
  spread_minutes: z.number().int(),
  max_posts_per_day: z.number().int(),
  ends_at: z.string(),
  contains: z.string().nullable(),
  status: z.enum(['active', 'paused', 'ended']),
  last_polled_at: z.string().nullable(),
  failures: z.number().int(),
  next_poll_at: z.string(),
  created_at: z.string(),
  posts_found: z.number().int(),
});
export type WatchView = z.infer<typeof watchView>;

const watchPostView = z.object({
  id: z.number().int(),
  post_id: z.string(),
  url: z.string(),
  posted_at: z.string(),
  found_at: z.string(),
  status: z.enum(['ordered', 'skipped']),
  reason: z.string().nullable(),
  orders: z.array(z.object({ task_id: z.string(), number: z.number().int(), service: z.string(), status: z.string() })),
});
export type WatchPostView = z.infer<typeof watchPostView>;

export const watchResponse = z.object({ watch: watchView });
export const watchDetailResponse = z.object({ watch: watchView.extend({ posts: z.array(watchPostView) }) });
export const watchListResponse = z.object({ watches: z.array(watchView) });

/** Issue #37 item 5: a watch as the operators see it (GET /api/admin/watches). */
const adminWatchView = z.object({
  id: z.number().int(),
  number: z.number().int().describe('Its number in the reseller protocol (from the orders’ number sequence).'),
  user: z.object({ id: z.number().int(), ad_soyad: z.string(), email: z.string() }),
  platform: z.string(),
  account: z.string(),
  services: z.array(z.string()),
  status: z.enum(['active', 'paused', 'ended']),
  end_reason: z.string().nullable().describe('An ended watch: `canceled` (the customer), `posts` (its total of posts reached), null (its end date).'),
  last_polled_at: z.string().nullable(),
  failures: z.number().int().describe('Failed polls in a row.'),
  last_error: z.string().nullable().describe('The kind of the last failed poll (timeout, unreachable, http …); null after a good one.'),
  posts_found: z.number().int(),
  posts_acted: z.number().int(),
  posts_skipped: z.number().int(),
  ends_at: z.string(),
  created_at: z.string(),
});
export type AdminWatchView = z.infer<typeof adminWatchView>;
const adminWatchDetail = adminWatchView.extend({ posts: z.array(watchPostView) });
export type AdminWatchDetail = z.infer<typeof adminWatchDetail>;
export const adminWatchListResponse = z.object({ watches: z.array(adminWatchView), toplam: z.number().int() });
export const adminWatchResponse = z.object({ watch: adminWatchDetail });
