import { z } from 'zod';
import { int } from '@/lib/validation';

export const historyQuerySchema = z.object({
  limit: int({ min: 1, max: 100 }).optional(),
  offset: int({ min: 0 }).optional(),
});
