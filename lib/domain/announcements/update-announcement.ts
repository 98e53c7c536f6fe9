import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { announcements } from '@/db/schema';
import { AppError } from '@/lib/infra/errors';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { broadcastPriorityAnnouncement } from '@/lib/domain/notifications';
import type { AnnouncementInput } from './schemas';
import { toAdminAnnouncement, type AdminAnnouncement } from './shapes';

/** PUT /duyurular/{id}. */
export async function updateAnnouncement(db: Db, actor: Actor, id: number, input: AnnouncementInput): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!current) throw new AppError('ANNOUNCEMENT_NOT_FOUND');
    const [row] = await tx
      .update(announcements)
      .set({
        baslik: input.baslik,
        icerik: input.icerik,
        baslikEn: input.baslik_en,
        icerikEn: input.icerik_en,
        baslikDe: input.baslik_de ?? '',
        icerikDe: input.icerik_de ?? '',
        oncelik: input.oncelik,
        aktif: input.aktif ?? current.aktif,
        updatedAt: sql`now()`,
      })
      .where(eq(announcements.id, id))
      .returning();
    const duyuru = toAdminAnnouncement(row!);
    await recordAudit(tx, actor, { action: 'announcement.update', entity: 'announcement', entityId: id, before: toAdminAnnouncement(current), after: duyuru });
    // Made a priority (or switched on as one): every customer hears of it, once (issue #18).
    if (row!.oncelik === 1 && row!.aktif) await broadcastPriorityAnnouncement(tx, row!);
    return duyuru;
  });
}
