import { z } from 'zod';

export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  entity: z.string().regex(/^[a-z_]{1,50}$/).optional(),
  action: z.string().regex(/^[a-z_.]{1,80}$/).optional(),
});
