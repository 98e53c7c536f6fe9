import { z } from 'zod';
import { text } from '@/lib/infra/validation';
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

/**
 * PUT /api/admin/profiles/{id}/audience: an admin's correction of a profile's audience facts
 * (issue #36). Niches are checked against the taxonomy by editProfileAudience, which names an
 * unknown one (NICHE_UNKNOWN); languages and the country by their ISO form here.
 */
export const profileAudienceBody = z.object({
  languages: z
    .array(text({ max: 2, message: 'AdminValidation.languageCode' }).refine((v) => /^[a-z]{2}$/.test(v), { message: 'AdminValidation.languageCode' }))
    .max(10, { message: 'AdminValidation.languageCode' }),
  country: text({ max: 2, message: 'AdminValidation.countryCode' })
    .refine((v) => /^[A-Z]{2}$/.test(v), { message: 'AdminValidation.countryCode' })
    .nullable(),
  niches: z.array(text({ max: 40 }).min(1)).max(5, { message: 'AdminValidation.nichesTooMany' }),
  verified: z.boolean(),
});
export type ProfileAudienceInput = z.infer<typeof profileAudienceBody>;
