import 'server-only';
import type { Db } from '@/db/client';
import { queueMail } from '@/lib/infra/mail';
import { translate } from '@/lib/infra/i18n/translate';
import { defaultLocale, isLocale, type Locale } from '@/lib/infra/i18n/routing';
import { formatUsd } from './amounts';

export type ReceiptInput = {
  to: string;
  name: string;
  locale: string;
  paymentId: number;
  intentId: string;
  kind: 'balance' | 'package';
  amountCents: number;
  packageName?: string | null;
  platforms?: string[];
  discountPercent?: number;
  subscriptionEnds?: { platform: string; endsAt: Date }[];
  balanceCents?: number | null;
  paidAt: Date;
  /** The signed one-click link that turns receipt mails off (lib/domain/notifications). */
  unsubscribeUrl?: string;
};

function asLocale(value: string): Locale {
  return isLocale(value) ? value : defaultLocale;
}

function dateText(at: Date, locale: Locale): string {
  const tag = locale === 'tr' ? 'tr-TR' : locale === 'de' ? 'de-DE' : 'en-GB';
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(at);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The receipt of a credited payment, in the customer's language, queued in the mail outbox in
 * the crediting transaction (so there is exactly one receipt per credit).
 */
export async function sendReceipt(db: Db, input: ReceiptInput): Promise<void> {
  const locale = asLocale(input.locale);
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, `Payments.receipt.${key}`, params) ?? key;
  const amount = formatUsd(input.amountCents, locale);
  const platformName = (p: string) => translate(locale, `Platforms.${p}`) ?? p;
  const lines: string[] = [t('greeting', { name: input.name }), '', t('intro'), ''];
  if (input.kind === 'balance') {
    lines.push(t('itemBalance', { amount }));
    if (input.balanceCents != null) lines.push(t('newBalance', { amount: formatUsd(input.balanceCents, locale) }));
  } else {
    lines.push(t('itemPackage', { name: input.packageName ?? '', platforms: (input.platforms ?? []).map(platformName).join(', ') }));
    if (input.discountPercent) lines.push(t('discount', { percent: input.discountPercent }));
    for (const s of input.subscriptionEnds ?? []) lines.push(t('validUntil', { platform: platformName(s.platform), date: dateText(s.endsAt, locale) }));
  }
  lines.push(t('total', { amount }), t('date', { date: dateText(input.paidAt, locale) }), t('reference', { id: input.paymentId, intent: input.intentId }), '', t('closing'));
  const unsubscribe = input.unsubscribeUrl ? (translate(locale, 'Mail.notifications.unsubscribe') ?? '') : '';
  const text = lines.join('\n') + (input.unsubscribeUrl ? `\n\n${unsubscribe}: ${input.unsubscribeUrl}` : '');
  const html =
    `<div style="font-family:sans-serif">${lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('')}` +
    (input.unsubscribeUrl ? `<p style="font-size:12px;color:#666"><a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>` : '') +
    '</div>';
  await queueMail(db, { to: input.to, subject: t('subject', { amount, id: input.paymentId }), text, html });
}
