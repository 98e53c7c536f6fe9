import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { announcements } from '@/db/schema';
import { toAdminAnnouncement, toPublicAnnouncement, type AdminAnnouncement, type PublicAnnouncement } from './shapes';

const order = [desc(announcements.oncelik), desc(announcements.createdAt), desc(announcements.id)];

/** GET /duyurular?lang= (public): active ones, priority first, newest first. */
export async function listActiveAnnouncements(db: Db, lang: string): Promise<PublicAnnouncement[]> {
  const rows = await db.select().from(announcements).where(eq(announcements.aktif, true)).orderBy(...order);
  return rows.map((r) => toPublicAnnouncement(r, lang));
}

/** GET /duyurular/admin: every announcement in both languages. */
export async function listAllAnnouncements(db: Db): Promise<AdminAnnouncement[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id));
  return rows.map(toAdminAnnouncement);
}
