import { z } from 'zod';

/** Bodies of /api/api-keys (shared by the route handlers and the settings form). */
export const API_KEY_NAME_MAX = 60;

export const createApiKeySchema = z.object({
  name: z
    .string({ message: 'Validation.api_key_name_required' })
    .trim()
    .min(1, 'Validation.api_key_name_required')
    .max(API_KEY_NAME_MAX, 'Validation.api_key_name_too_long'),
  currentPassword: z.string({ message: 'Validation.api_key_password_required' }).min(1, 'Validation.api_key_password_required').max(200),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const rotateApiKeySchema = createApiKeySchema.pick({ currentPassword: true });

export const apiKeyIdParams = z.object({ id: z.string() });

export const adminApiKeysQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  userId: z.coerce.number().int().positive().optional(),
  revoked: z.enum(['0', '1']).optional(),
});
