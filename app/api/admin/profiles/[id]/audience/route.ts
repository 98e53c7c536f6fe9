import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { editProfileAudience, profileAudienceBody, returnProfileAudience } from '@/lib/domain/profiles';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const params = z.object({ id: idParam });

/**
 * PUT /api/admin/profiles/{id}/audience {languages, country, niches, verified} (admin, audited) →
 * {profile}: the admin's correction, kept across the provider's syncs (issue #36 item 1).
 */
export const PUT = route({ auth: 'admin', params, body: profileAudienceBody }, async ({ req, db, user, params, input }) =>
  ok({ profile: await editProfileAudience(db, actorFrom(user, req), params.id, input) }),
);

/** DELETE /api/admin/profiles/{id}/audience (admin, audited): back to the provider's facts at the next sync. */
export const DELETE = route({ auth: 'admin', params }, async ({ req, db, user, params }) => ok({ profile: await returnProfileAudience(db, actorFrom(user, req), params.id) }));
