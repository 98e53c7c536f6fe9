import { z } from 'zod';
import { int } from '@/lib/infra/validation';

/** The columns an admin may sort a customer's orders of one service by. */
export const HISTORY_SORTS = ['created', 'status', 'profiles', 'spent'] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];

export const historyQuerySchema = z.object({
  limit: int({ min: 1, max: 100 }).optional(),
  offset: int({ min: 0 }).optional(),
  /** Newest first unless asked otherwise; ties are broken by time, then id, so pages never overlap. */
  sort: z.enum(HISTORY_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
