import { z } from 'zod';
import { PLATFORMS } from '@/lib/domain/catalogue/services';
import { int, text } from '@/lib/infra/validation';

export const EXPORT_KINDS = ['orders', 'payments', 'users'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const day = text({ max: 10, message: 'AdminValidation.exportDate' }).refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { message: 'AdminValidation.exportDate' });

/**
 * GET /api/admin/export/{kind}: the filters of the back office's pages. users: `q` (the users
 * page's search); orders: `user_id` and `service` (the history page's), plus `platform`, `status`
 * and the days `from`–`to` (APP_TIMEZONE, both included); payments: `user_id`, `status`, `kind`,
 * `from`, `to`. Filters a kind does not know are ignored.
 */
export const exportQuery = z.preprocess(
  // A plain form sends its empty fields too (from=&to=): an empty filter is no filter.
  (v) => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '')) : v),
  z.object({
    q: text({ max: 100 }).optional(),
    user_id: int({ min: 1, message: 'AdminValidation.exportFilter' }).optional(),
    service: text({ max: 40 }).optional(),
    platform: z.enum(PLATFORMS, { message: 'AdminValidation.platformUnknown' }).optional(),
    status: text({ max: 40 }).optional(),
    kind: z.enum(['balance', 'package'], { message: 'AdminValidation.exportFilter' }).optional(),
    from: day.optional(),
    to: day.optional(),
  }),
);
export type ExportFilters = z.output<typeof exportQuery>;

export const exportParams = z.object({ kind: z.enum(EXPORT_KINDS, { message: 'AdminValidation.exportKind' }) });
