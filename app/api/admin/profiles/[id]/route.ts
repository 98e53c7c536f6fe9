import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { profileStatusBody, setProfileStatus } from '@/lib/domain/profiles';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

/** PUT /api/admin/profiles/{id} {status: 'active' | 'disabled'} (admin, audited) → {profile}. */
export const PUT = route(
  { auth: 'admin', params: z.object({ id: idParam }), body: profileStatusBody },
  async ({ req, db, user, params, input }) => ok({ profile: await setProfileStatus(db, actorFrom(user, req), params.id, input.status) }),
);
