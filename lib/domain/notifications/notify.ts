import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications, users } from '@/db/schema';
import { publicUrl } from '@/env';
import { defaultLocale, isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { queueMail } from '@/lib/infra/mail';
import { emitToUser } from '@/lib/infra/realtime';
import { NOTIFICATION_EVENT, type NotificationKind } from './categories';
import { getPreferences } from './preferences';
import { renderNotification } from './render-notification';
import { unsubscribeUrl } from './unsubscribe-token';

export type NotifyInput = {
  userId: number;
  kind: NotificationKind;
  /**
   * The facts for Notifications.kinds.<kind>.title/body (strings or numbers only), never text of
   * one language: amounts as `<name>Cents`, service and platform keys, days as YYYY-MM-DD, a
   * payment's `paymentKind`. renderNotification turns them into words for each reader.
   */
  params?: Record<string, string | number>;
  /** Where the notice leads in the app, a path without the locale (`/panel/support?ticket=3`). */
  link?: string;
  /**
   * The caller sends a mail of its own for this event (the payment receipt) when `mailed` comes
   * back true: notify then queues none.
   */
  ownMail?: boolean;
  /** Only the mail (the in-app notice was written in bulk: a priority announcement). */
  mailOnly?: boolean;
};

export type NotifyResult = { notificationId: number | null; mailed: boolean };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Tells a customer about something, on the channels they chose for its category: a row for the
 * notification centre and/or a mail through the outbox (in the account's language, HTML and plain
 * text, with the category's signed unsubscribe link). Call it inside the transaction of the event
 * itself, so the notice exists exactly when the event does; then, after the commit, call
 * `announceNotifications` so open pages update at once.
 */
export async function notify(db: Db, input: NotifyInput): Promise<NotifyResult> {
  // Both reads at once (one round trip in a transaction: issue #19, an order's end sends its final
  // event only after this notice is written).
  const [[user], preferences] = await Promise.all([
    db.select({ email: users.email, name: users.adSoyad, locale: users.locale, deletedAt: users.deletedAt }).from(users).where(eq(users.id, input.userId)),
    getPreferences(db, input.userId),
  ]);
  if (!user || user.deletedAt) return { notificationId: null, mailed: false };
  const prefs = preferences.channels[input.kind];
  const params = input.params ?? {};
  let notificationId: number | null = null;
  if (prefs.inApp && !input.mailOnly) {
    const [row] = await db
      .insert(notifications)
      .values({ userId: input.userId, kind: input.kind, params, link: input.link ?? null })
      .returning({ id: notifications.id });
    notificationId = row!.id;
    announceNotifications([input.userId]);
  }
  if (input.ownMail) return { notificationId, mailed: prefs.email };
  if (prefs.email) {
    const locale: Locale = isLocale(user.locale) ? user.locale : defaultLocale;
    const prefix = locale === defaultLocale ? '' : `/${locale}`;
    const { title, body } = renderNotification(locale, input.kind, params);
    const t = (key: string, p: Record<string, string | number> = {}) => translate(locale, `Mail.notifications.${key}`, p) ?? '';
    const link = input.link ? `${publicUrl()}${prefix}${input.link}` : null;
    const unsubscribe = await unsubscribeUrl(db, input.userId, input.kind, prefix);
    const greeting = t('greeting', { name: user.name });
    const open = t('open');
    const footer = t('unsubscribe');
    const text = [greeting, body, link ? `${open}: ${link}` : null, `${footer}: ${unsubscribe}`].filter(Boolean).join('\n\n');
    const html = [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`,
      link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>` : '',
      `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(footer)}</a></p>`,
    ].join('');
    await queueMail(db, { to: user.email, subject: title, text, html });
  }
  return { notificationId, mailed: prefs.email };
}

/**
 * Tells the users' open pages that a notification arrived, so their bell reads the list again.
 * notify() runs inside the event's transaction: the event is sent a moment later, when the row is
 * committed (a rolled-back notice only makes a bell read an unchanged list). Without Socket.IO in
 * this process it does nothing.
 */
export function announceNotifications(userIds: Iterable<number>): void {
  const ids = [...new Set(userIds)];
  const timer = setTimeout(() => {
    for (const id of ids) emitToUser(id, NOTIFICATION_EVENT, { at: new Date().toISOString() });
  }, ANNOUNCE_DELAY_MS);
  timer.unref?.();
}

const ANNOUNCE_DELAY_MS = 250;
