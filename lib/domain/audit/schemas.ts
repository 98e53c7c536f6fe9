import { z } from 'zod';
import { int } from '@/lib/infra/validation';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from './catalogue';

/** The columns the audit table sorts by (newest first by default). */
export const AUDIT_SORTS = ['created', 'action', 'entity', 'actor'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export const auditLogQuerySchema = z.object({
  limit: int({ min: 1, max: 200 }).optional(),
  offset: int({ min: 0 }).optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  sort: z.enum(AUDIT_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
