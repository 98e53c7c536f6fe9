import { z } from 'zod';
import { normalizeService, type Service } from '@/lib/domain/catalogue/services';
import { id, text } from '@/lib/infra/validation';
import { MAX_PROFILES_PER_SEND, PROMPT_MAX } from './limits';
import { scheduleFields } from './schemas';

/**
 * POST /api/orders/bulk (issue #36 item 5, docs/orders.md "Bulk orders"). The shape only: each
 * line's link, emptiness and duplicates are checked by bulkOrder (bulk-order.ts) so that a refusal
 * names its line; more than BULK_MAX_TARGETS lines is BULK_TOO_MANY there, with the count.
 */
export const BULK_MAX_TARGETS = 100;
/** Beyond this many lines the body is not read line by line (400 VALIDATION_FAILED). */
const BULK_READ_MAX = 1000;

export const bulkOrderSchema = z
  .object({
    service: text({ max: 64, message: 'Errors.INVALID_SERVICE' }).transform((v, ctx): Service => {
      const service = normalizeService(v);
      if (service) return service;
      ctx.addIssue({ code: 'custom', message: 'Errors.INVALID_SERVICE' });
      return z.NEVER;
    }),
    profile_ids: z
      .array(id('Validation.profile_required'))
      .max(MAX_PROFILES_PER_SEND, 'Validation.profile_required')
      .refine((ids) => new Set(ids).size === ids.length, 'Validation.profiles_distinct')
      .optional()
      .describe('The profiles acting on every line (or `crew_id`).'),
    crew_id: id('Validation.crew_invalid').optional().describe('Instead of `profile_ids`: the caller’s crew of this platform; its active profiles act, the others are skipped.'),
    targets: z
      .array(text({ max: 2000, trim: false, message: 'Validation.bulk_targets_required' }), { message: 'Validation.bulk_targets_required' })
      .min(1, 'Validation.bulk_targets_required')
      .max(BULK_READ_MAX, 'Validation.bulk_targets_required')
      .describe(`One link per line, at most ${BULK_MAX_TARGETS}.`),
    prompt: text({ max: PROMPT_MAX * 2, tooLong: 'Validation.prompt_too_long' }).optional().nullable(),
    ...scheduleFields,
  })
  .refine((v) => (v.profile_ids?.length ?? 0) > 0 !== (v.crew_id !== undefined), { message: 'Validation.bulk_profiles_or_crew', path: ['profile_ids'] });
export type BulkOrderBody = z.output<typeof bulkOrderSchema>;
