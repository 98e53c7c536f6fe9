import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './catalogue';

export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
