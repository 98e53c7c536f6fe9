import 'server-only';
import type { Db } from '@/db/client';
import { env, publicUrl } from '@/env';
import { defaultLocale, isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { queueMail } from '@/lib/infra/mail';

/** `ayse.yilmaz@example.com` → `a***@example.com`: enough for the owner to recognise, not to reuse. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

function dateText(at: Date, locale: Locale): string {
  const tag = locale === 'tr' ? 'tr-TR' : locale === 'de' ? 'de-DE' : 'en-GB';
  const style = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(tag, { ...style, timeZone: env.APP_TIMEZONE }).format(at);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The notice to the OLD address after an e-mail change (issue 14): to which (masked) address and
 * when it was changed, and what to do if it was not the owner. Written in the account's language
 * and queued in the caller's transaction, so it goes out exactly when the change commits.
 */
export async function queueEmailChangedNotice(
  db: Db,
  input: { to: string; name: string; locale: string; newEmail: string; at: Date },
): Promise<void> {
  const locale = isLocale(input.locale) ? input.locale : defaultLocale;
  const site = `${publicUrl()}${locale === defaultLocale ? '' : `/${locale}`}`;
  const params = { name: input.name, email: maskEmail(input.newEmail), when: dateText(input.at, locale), site };
  const t = (key: string) => translate(locale, `Mail.emailChanged.${key}`, params) ?? '';
  const paragraphs = [t('greeting'), t('changed'), t('ifYou'), t('notYou')];
  await queueMail(db, {
    to: input.to,
    subject: t('subject'),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(escapeHtml(site), `<a href="${escapeHtml(site)}">${escapeHtml(site)}</a>`)}</p>`).join(''),
  });
}
