import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';
import type { StatusIncident } from './responses';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The incidents as an Atom 1.0 feed (RFC 4287; issue #38 item 4) in one language: one entry per
 * incident, its title localized, updated when it ended (or started), its summary the admins' note.
 * `statusUrl` is the absolute address of the status page in that language, `selfUrl` the feed's.
 */
export function incidentsFeed(incidents: readonly StatusIncident[], options: { locale: Locale; statusUrl: string; selfUrl: string; siteName: string; now?: Date }): string {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(options.locale, `StatusPage.${key}`, params) ?? key;
  const updated = incidents.reduce((latest, i) => {
    const at = i.ended_at ?? i.started_at;
    return at > latest ? at : latest;
  }, incidents.length ? '' : (options.now ?? new Date()).toISOString());
  const entries = incidents.map((i) => {
    const state = i.ended_at ? t('feed.ended', { at: i.ended_at }) : t('feed.open');
    const summary = [state, i.note ?? ''].filter(Boolean).join(' — ');
    return [
      '  <entry>',
      `    <id>${escapeXml(`${options.statusUrl}#incident-${i.id}`)}</id>`,
      `    <title>${escapeXml(i.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(`${options.statusUrl}#incident-${i.id}`)}"/>`,
      `    <published>${i.started_at}</published>`,
      `    <updated>${i.ended_at ?? i.started_at}</updated>`,
      `    <summary>${escapeXml(summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${options.locale}">`,
    `  <id>${escapeXml(options.selfUrl)}</id>`,
    `  <title>${escapeXml(t('feed.title', { site: options.siteName }))}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(options.siteName)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(options.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(options.statusUrl)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
