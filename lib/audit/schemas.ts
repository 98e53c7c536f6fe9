import { z } from 'zod';
import { int } from '@/lib/validation';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './catalogue';

export const auditLogQuerySchema = z.object({
  limit: int({ min: 1, max: 200 }).optional(),
  offset: int({ min: 0 }).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
