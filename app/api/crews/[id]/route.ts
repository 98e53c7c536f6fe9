import { crewAnswer, crewParams, deleteCrew, readCrew, updateCrew, updateCrewSchema } from '@/lib/domain/crews';
import { ok, route } from '@/app/api/_lib/route';

/** GET /api/crews/{id} → {crew}; another customer's crew is 404 CREW_NOT_FOUND (issue #36 item 3). */
export const GET = route({ auth: 'user', params: crewParams, response: crewAnswer }, async ({ db, user, params }) => ok({ crew: await readCrew(db, user.id, params.id) }));

/** PUT /api/crews/{id} {name?, profile_ids?, platform?} → {crew}: renames it or replaces its profiles. */
export const PUT = route({ auth: 'user', params: crewParams, body: updateCrewSchema, response: crewAnswer }, async ({ db, user, params, input }) =>
  ok({ crew: await updateCrew(db, { userId: user.id, crewId: params.id, platform: input.platform, name: input.name, profileIds: input.profile_ids }) }),
);

/** DELETE /api/crews/{id}: its orders keep their history (orders.crew_id becomes null). */
export const DELETE = route({ auth: 'user', params: crewParams }, async ({ db, user, params }) => {
  await deleteCrew(db, { userId: user.id, crewId: params.id });
  return ok();
});
