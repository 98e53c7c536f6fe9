import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notificationPreferences, notifications, users } from '@/db/schema';
import { announceNotifications, notify } from './notify';
import { takeMark } from './marks';

/**
 * A priority announcement (oncelik 1, active) reaches every customer once: the in-app notices of
 * those who keep the category on (the default) are written in bulk, and a mail goes to those who
 * chose it by e-mail (off by default). Call it in the announcement's transaction.
 */
export async function broadcastPriorityAnnouncement(
  db: Db,
  announcement: { id: number; baslik: string; baslikEn: string; baslikDe?: string; icerikDe?: string },
): Promise<number> {
  // The panel's rule (lib/domain/announcements shapes): German when both German texts are written, else English.
  const german = announcement.baslikDe && announcement.icerikDe ? announcement.baslikDe : announcement.baslikEn;
  const titleFor = (locale: string) => (locale === 'tr' ? announcement.baslik : locale === 'de' ? german : announcement.baslikEn);
  if (!(await takeMark(db, `announcement:${announcement.id}`))) return 0;
  const channel = (field: 'inApp' | 'email', fallback: boolean) =>
    sql`coalesce((${notificationPreferences.channels} -> 'announcement' ->> ${field})::boolean, ${fallback})`;
  const customers = and(eq(users.rol, 'user'), eq(users.aktif, true), isNull(users.deletedAt));
  const recipients = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(customers, sql`${channel('inApp', true)}`));
  const inserted: { userId: number }[] = [];
  for (let i = 0; i < recipients.length; i += 1000) {
    const chunk = recipients.slice(i, i + 1000).map((u) => ({
      userId: u.id,
      kind: 'announcement',
      params: { title: titleFor(u.locale), id: announcement.id },
      link: '/panel',
    }));
    inserted.push(...(await db.insert(notifications).values(chunk).returning({ userId: notifications.userId })));
  }
  announceNotifications(inserted.map((r) => r.userId));
  const mailTo = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(customers, sql`${channel('email', false)}`));
  for (const u of mailTo) {
    // inApp is written above for everyone who wants it; only the mail is left.
    await notify(db, { userId: u.id, kind: 'announcement', params: { title: titleFor(u.locale) }, link: '/panel', mailOnly: true });
  }
  return inserted.length;
}
