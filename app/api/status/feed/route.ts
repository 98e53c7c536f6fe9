import { publicUrl } from '@/env';
import { cachedSiteSettings } from '@/lib/domain/settings';
import { localizedPath } from '@/lib/domain/seo';
import { getPublicStatus, incidentsFeed } from '@/lib/domain/status';
import { translate } from '@/lib/infra/i18n/translate';
import { route } from '@/app/api/_lib/route';

/**
 * GET /api/status/feed (public, issue #38 item 4) → the status page's incidents as an Atom feed,
 * titles in the request's language (?lng=tr|en|de).
 */
export const GET = route(
  { auth: 'public', summary: 'The incidents of the status page as an Atom feed', description: 'An Atom 1.0 feed (application/atom+xml), one entry per incident of the last 90 days and every open one; titles and notes in the request’s language (?lng=tr|en|de).' },
  async ({ db, locale }) => {
    const base = publicUrl().replace(/\/$/, '');
    const [status, settings] = await Promise.all([getPublicStatus(db, locale), cachedSiteSettings(db)]);
    const siteName = settings.site_adi || translate(locale, 'Meta.siteName') || '';
    const body = incidentsFeed(status.incidents, {
      locale,
      statusUrl: base + localizedPath(locale, '/status'),
      selfUrl: `${base}/api/status/feed?lng=${locale}`,
      siteName,
    });
    return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'public, max-age=60' } });
  },
);
