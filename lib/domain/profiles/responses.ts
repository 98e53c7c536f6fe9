import { z } from 'zod';
import { PLATFORMS } from '@/lib/domain/catalogue/services';

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
