import { z } from 'zod';
import { actorFrom } from '@/lib/domain/audit';
import { announcementSchema, deleteAnnouncement, updateAnnouncement } from '@/lib/domain/announcements';
import { idParam } from '@/lib/infra/validation';
import { ok, route } from '@/app/api/_lib/route';

const params = z.object({ id: idParam });

/** PUT /api/duyurular/{id} → duyuru. */
export const PUT = route({ auth: 'admin', params, body: announcementSchema }, async ({ req, db, user, params, input }) =>
  ok({ duyuru: await updateAnnouncement(db, actorFrom(user, req), params.id, input) }),
);

/** DELETE /api/duyurular/{id}. */
export const DELETE = route({ auth: 'admin', params }, async ({ req, db, user, params }) => {
  await deleteAnnouncement(db, actorFrom(user, req), params.id);
  return ok();
});
