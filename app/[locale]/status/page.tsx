import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { getPublicStatus, type PublicStatus } from '@/lib/domain/status';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { pageMetadata } from '@/lib/domain/seo';
import type { Locale } from '@/lib/infra/i18n/routing';
import { requestSiteName } from '@/app/_lib/request-data';
import { StatusView } from '@/components/status/status-view';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'StatusPage' });
  const site = await requestSiteName(locale);
  const meta = pageMetadata({ locale: locale as Locale, path: '/status', title: t('metaTitle', { site }), description: t('metaDescription'), siteName: site });
  return { ...meta, alternates: { ...meta.alternates, types: { 'application/atom+xml': `/api/status/feed?lng=${locale}` } } };
}

/**
 * /status (issue #38 item 4): public, no login, rendered on the server with no client code and kept
 * by the page cache like /pricing (server/page-cache.ts). Figures that cannot be read show as an
 * empty page with no platforms (§8), never as an error.
 */
export default async function StatusPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('StatusPage');
  const db = await getDb();
  const empty: PublicStatus = { generated_at: new Date().toISOString(), overall: 'operational', platforms: [], incidents: [] };
  const { value: status } = await readOrEmpty(() => getPublicStatus(db, locale as Locale), empty, { list: 'status', page: '/status' });
  return (
    <article aria-labelledby="status-title" data-status-page>
      <header className="mb-4">
        <h1 id="status-title" className="text-3xl font-bold">
          {t('title')}
        </h1>
        <p className="mt-2 max-w-2xl text-muted">{t('lead')}</p>
      </header>
      <StatusView status={status} feedUrl={`/api/status/feed?lng=${locale}`} />
    </article>
  );
}
