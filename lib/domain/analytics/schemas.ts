import { z } from 'zod';

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** GET /api/admin/analytics?days=7|30|90 (30 by default). */
export const analyticsQuery = z.object({
  days: z
    .enum(['7', '30', '90'], { message: 'AdminValidation.analyticsDays' })
    .default('30')
    .transform((v) => Number(v) as AnalyticsRange),
});
