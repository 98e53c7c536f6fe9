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

/** One profile of GET /api/<platform>/profiles (§3 Profile, with the audience facts of issue #36). */
const publicProfileResponse = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    followers: z.string().describe('The follower count as displayed ("12.4K").'),
    followers_count: z.number().int(),
    status: z.string(),
    platform: z.enum(PLATFORMS),
    languages: z.array(z.string()).describe('ISO 639-1 codes of the languages the audience reads (provider contract 1.3); empty when not known.'),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2 country of the audience, or null when not known.'),
    niches: z.array(z.string()).describe('Keys of the niche taxonomy of docs/roster.md (twenty, e.g. news, gaming, food, travel), the main one first.'),
    verified: z.boolean().describe('Whether the account carries the platform’s verified mark.'),
    account_age_days: z.number().int().nullable().describe('Whole days since the account was opened, or null when not known.'),
  })
  .catchall(z.unknown());

/** GET /api/<platform>/profiles. */
export const profilesResponse = z.object({ profiles: z.array(publicProfileResponse) });

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
