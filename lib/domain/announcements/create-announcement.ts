import 'server-only';
import type { Db } from '@/db/client';
import { announcements } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { broadcastPriorityAnnouncement } from '@/lib/domain/notifications';
import type { AnnouncementInput } from './schemas';
import { toAdminAnnouncement, type AdminAnnouncement } from './shapes';

/** POST /duyurular. */
export async function createAnnouncement(db: Db, actor: Actor, input: AnnouncementInput): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ baslik: input.baslik, icerik: input.icerik, baslikEn: input.baslik_en, icerikEn: input.icerik_en, baslikDe: input.baslik_de ?? '', icerikDe: input.icerik_de ?? '', oncelik: input.oncelik, aktif: input.aktif ?? true })
      .returning();
    const duyuru = toAdminAnnouncement(row!);
    await recordAudit(tx, actor, { action: 'announcement.create', entity: 'announcement', entityId: duyuru.id, after: duyuru });
    // A priority announcement is also a notification to every customer, once (issue #18).
    if (row!.oncelik === 1 && row!.aktif) await broadcastPriorityAnnouncement(tx, row!);
    return duyuru;
  });
}
