import { z } from 'zod';
import { PLATFORMS, DEFAULT_PLATFORM } from '@/lib/domain/catalogue/services';

/** GET /api/admin/profiles?platform=&status= */
export const profileHealthQuery = z.object({
  platform: z.enum(PLATFORMS, { message: 'AdminValidation.platformUnknown' }).default(DEFAULT_PLATFORM),
  status: z.enum(['active', 'inactive', 'quarantined', 'disabled'], { message: 'AdminValidation.profileStatus' }).optional(),
});

/** PUT /api/admin/profiles/{id} {status}: back in the pool, or out of it for good. */
export const profileStatusBody = z.object({
  status: z.enum(['active', 'disabled'], { message: 'AdminValidation.profileStatus' }),
});
