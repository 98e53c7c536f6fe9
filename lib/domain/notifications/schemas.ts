import { z } from 'zod';
import { id, int, text } from '@/lib/infra/validation';
import { NOTIFICATION_KINDS } from './categories';

/** POST /api/notifications/read {ids: [..]} or {all: true}. */
export const markReadSchema = z.union([z.object({ ids: z.array(id()).max(200) }), z.object({ all: z.literal(true) })]);

const channels = z.object({ inApp: z.boolean().optional(), email: z.boolean().optional() });

/** PUT /api/notifications/preferences {channels?: {kind: {inApp?, email?}}, low_balance_cents?: n | null}. */
export const preferencesSchema = z.object({
  channels: z.partialRecord(z.enum(NOTIFICATION_KINDS), channels).optional(),
  low_balance_cents: int({ min: 0, max: 100_000_000, message: 'NotificationValidation.threshold' }).nullable().optional(),
});

/** POST /api/notifications/unsubscribe {u, c, s}: the signed link of a mail (no login). */
export const unsubscribeSchema = z.object({ u: id(), c: z.enum(NOTIFICATION_KINDS), s: text({ max: 100 }).min(1) });
