import { getDb } from '@/db/client';
import { actorFrom, numericId } from '@/lib/audit';
import { announcementSchema, deleteAnnouncement, updateAnnouncement } from '@/lib/announcements';
import { handle, ok, param, parseBody } from '../../_lib/handler';
import { requireAdmin } from '../../_lib/auth';

/** PUT /api/duyurular/{id} → duyuru. */
export const PUT = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'ANNOUNCEMENT_NOT_FOUND');
  const input = await parseBody(req, announcementSchema);
  return ok({ duyuru: await updateAnnouncement(await getDb(), actorFrom(admin, req), id, input) });
});

/** DELETE /api/duyurular/{id}. */
export const DELETE = handle(async (req, ctx) => {
  const admin = await requireAdmin(req);
  const id = numericId(await param(ctx, 'id'), 'ANNOUNCEMENT_NOT_FOUND');
  await deleteAnnouncement(await getDb(), actorFrom(admin, req), id);
  return ok();
});
