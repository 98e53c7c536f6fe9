import { z } from 'zod';
import { PLATFORMS } from '@/lib/domain/catalogue/services';
import { CREW_PROFILE_STATES } from './schemas';

/** The answers of /api/crews, for the OpenAPI description (issue #36 item 3). */
const crewProfileResponse = z.object({
  id: z.number().int(),
  username: z.string().describe("'' when the profile is gone."),
  name: z.string(),
  state: z
    .enum(CREW_PROFILE_STATES)
    .describe('`active` (acts when the crew is picked), `inactive` (left the roster), `quarantined`, `disabled` (by an admin), `gone` (no such profile any more); all but `active` are skipped, never replaced.'),
});

export const crewResponse = z.object({
  id: z.number().int(),
  platform: z.enum(PLATFORMS),
  name: z.string(),
  profile_ids: z.array(z.number().int()).describe('As saved, in order (also the profiles that cannot act now).'),
  profiles: z.array(crewProfileResponse),
  available: z.number().int().describe('How many of its profiles are active: a send with the crew takes these.'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrewView = z.output<typeof crewResponse>;

export const crewAnswer = z.object({ crew: crewResponse });
export const crewsAnswer = z.object({ crews: z.array(crewResponse) });
