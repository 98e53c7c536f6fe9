import { z } from 'zod';
import { text } from '@/lib/infra/validation';

/** PUT /api/api-keys/{id}/webhook: a URL (empty or null removes the webhook), optionally a new secret. */
export const setWebhookSchema = z.object({
  url: text({ max: 2000, message: 'Validation.webhook_url_invalid' }).nullable(),
  rotateSecret: z.boolean().optional(),
});
export type SetWebhookInput = z.infer<typeof setWebhookSchema>;
