import { z } from 'zod';

/** PUT /api/api-keys/{id}/webhook: a URL (empty or null removes the webhook), optionally a new secret. */
export const setWebhookSchema = z.object({
  url: z.string().trim().max(2000, 'Validation.webhook_url_invalid').nullable(),
  rotateSecret: z.boolean().optional(),
});
export type SetWebhookInput = z.infer<typeof setWebhookSchema>;
