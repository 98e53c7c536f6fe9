import { z } from 'zod';
import { getPublicStatus, publicStatusSchema } from '@/lib/domain/status';
import { ok, route } from '@/app/api/_lib/route';

/**
 * GET /api/status (public, issue #38 item 4) → status: the figures of the public status page
 * (/status) as JSON, titles and notes in the request's language. Kept by shared caches for 30 s:
 * the probe runs once a minute.
 */
export const GET = route(
  {
    auth: 'public',
    summary: 'The public status page as JSON',
    description:
      'Per active platform: the provider’s availability from the probe every minute (24 h, 7 days, 30 days), the last probe, 90 daily bars (null availability: no probe that day), and per service the success rate (profiles that acted among the profiles of ended orders), the median time to completion and the kept rate (not measured until re-verification records checks). Then the incidents (open ones and those of the last 90 days) with titles and notes in the request’s language (?lng=tr|en|de).',
    response: z.object({ status: publicStatusSchema }),
  },
  async ({ db, locale }) => ok({ status: await getPublicStatus(db, locale) }, 200, { 'cache-control': 'public, max-age=30' }),
);
