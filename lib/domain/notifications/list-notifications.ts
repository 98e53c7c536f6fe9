import 'server-only';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications } from '@/db/schema';
import type { Locale } from '@/lib/infra/i18n/routing';
import { renderNotification } from './render-notification';

export type NotificationView = {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  /** The notice in the reader's language (renderNotification): amounts, services and days in words. */
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  created_at: string;
};

/** The caller's 50 newest notifications, written in `locale` (the reader's page), and how many are unread. */
export async function listNotifications(db: Db, userId: number, locale: Locale): Promise<{ notifications: NotificationView[]; unread: number }> {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(50);
  const [unread] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      params: r.params,
      ...renderNotification(locale, r.kind, r.params),
      link: r.link,
      read: r.readAt !== null,
      created_at: r.createdAt.toISOString(),
    })),
    unread: unread?.n ?? 0,
  };
}

/** Marks the given notifications (or all) of the caller read; ids of other users' notifications change nothing. */
export async function markNotificationsRead(db: Db, userId: number, target: { ids: number[] } | { all: true }): Promise<{ unread: number }> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const where = 'ids' in target ? (target.ids.length ? and(mine, inArray(notifications.id, target.ids)) : undefined) : mine;
  if (where) await db.update(notifications).set({ readAt: new Date() }).where(where);
  const [unread] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unread: unread?.n ?? 0 };
}
