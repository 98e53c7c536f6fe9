import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { announcements } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { toAdminAnnouncement } from './shapes';

/** DELETE /duyurular/{id}: removed for good (nothing else refers to an announcement; the audit log keeps its text). */
export async function deleteAnnouncement(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!current) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    await tx.delete(announcements).where(eq(announcements.id, id));
    await recordAudit(tx, actor, { action: 'announcement.delete', entity: 'announcement', entityId: id, before: toAdminAnnouncement(current), after: { deleted: true } });
  });
}
