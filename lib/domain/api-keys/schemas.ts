import { z } from 'zod';
import { id, idParam, int, text } from '@/lib/infra/validation';

/** Bodies of /api/api-keys (shared by the route handlers and the settings form). */
export const API_KEY_NAME_MAX = 60;

export const createApiKeySchema = z.object({
  name: text({ max: API_KEY_NAME_MAX, message: 'Validation.api_key_name_required', tooLong: 'Validation.api_key_name_too_long' }).min(1, 'Validation.api_key_name_required'),
  currentPassword: text({ max: 200, trim: false, message: 'Validation.api_key_password_required' }).min(1, 'Validation.api_key_password_required'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const rotateApiKeySchema = createApiKeySchema.pick({ currentPassword: true });

/** `/api/api-keys/{id}`: an id in the path (digits within int4, else 400). */
export const apiKeyIdParams = z.object({ id: idParam });

export const adminApiKeysQuery = z.object({
  limit: int({ min: 1, max: 200 }).optional(),
  offset: int({ min: 0 }).optional(),
  userId: id().optional(),
  revoked: z.enum(['0', '1']).optional(),
  /** Part of the owner's name or e-mail, case-insensitive. */
  q: text({ max: 100 }).optional(),
});
