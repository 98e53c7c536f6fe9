import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { notifications, users } from '@/db/schema';
import { publicUrl } from '@/env';
import { defaultLocale, isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { queueMail } from '@/lib/infra/mail';
import { announceNotifications } from './notify';
import { renderNotification } from './render-notification';

/**
 * Security notices (issue #33 item 9): told to the owner on both channels whatever their
 * notification choices, with no unsubscribe link. They are not a category of the settings
 * (NOTIFICATION_KINDS): a notice that someone made a credential on the account must reach the
 * owner even when they turned every other mail off.
 */
export const SECURITY_NOTICE_KINDS = ['api_key_created'] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICE_KINDS)[number];

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Writes the in-app notice and queues the mail (in the account's language) in the caller's
 * transaction, so both exist exactly when the event does. `params` are language-neutral facts
 * (an ISO time as `at`), rendered by renderNotification like any notice.
 */
export async function notifySecurityEvent(
  db: Db,
  input: { userId: number; kind: SecurityNoticeKind; params: Record<string, string | number>; link: string },
): Promise<void> {
  const [user] = await db.select({ email: users.email, name: users.adSoyad, locale: users.locale, deletedAt: users.deletedAt }).from(users).where(eq(users.id, input.userId));
  if (!user || user.deletedAt) return;
  await db.insert(notifications).values({ userId: input.userId, kind: input.kind, params: input.params, link: input.link });
  announceNotifications([input.userId]);

  const locale: Locale = isLocale(user.locale) ? user.locale : defaultLocale;
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  const { title, body } = renderNotification(locale, input.kind, input.params);
  const t = (key: string, p: Record<string, string | number> = {}) => translate(locale, `Mail.notifications.${key}`, p) ?? '';
  const link = `${publicUrl()}${prefix}${input.link}`;
  const greeting = t('greeting', { name: user.name });
  const open = t('openApiKeys');
  const footer = t('securityFooter');
  await queueMail(db, {
    to: user.email,
    subject: title,
    text: [greeting, body, `${open}: ${link}`, footer].join('\n\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>`,
      `<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    ].join(''),
  });
}
