import { createCrew, createCrewSchema, crewAnswer, crewListQuery, crewsAnswer, listCrews } from '@/lib/domain/crews';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/crews[?platform=] → {crews: [...]}: the caller's crews, each profile with its state (issue #36 item 3). */
export const GET = route(
  { auth: 'user', query: crewListQuery, response: crewsAnswer, summary: 'The caller’s crews (saved sets of profiles of one platform), each profile with its state.' },
  async ({ db, user, query }) => ok({ crews: await listCrews(db, user.id, query.platform) }),
);

/** POST /api/crews {platform, name, profile_ids} → 201 {crew}. */
export const POST = route(
  { auth: 'user', body: createCrewSchema, response: crewAnswer, summary: 'Saves a crew: a name (unique per platform) and existing profiles of that platform.' },
  async ({ db, user, input }) => ok({ crew: await createCrew(db, { userId: user.id, platform: input.platform, name: input.name, profileIds: input.profile_ids }) }, 201),
);
