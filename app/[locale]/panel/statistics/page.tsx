import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { listActivePlatforms } from '@/lib/domain/platforms';
import { getPlatformStats, listTransactions, DEFAULT_TRANSACTIONS_LIMIT } from '@/lib/domain/stats';
import { requirePageUser } from '@/app/_lib/page-guards';
import { StatisticsView } from '@/components/panel/statistics-view';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ platform?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Panel.statistics' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /panel/statistics (§2, §4 "Statistics"): the first active platform unless `?platform=` names
 * another active one. The first view is read from lib/ here; the browser uses the API afterwards.
 */
export default async function PanelStatisticsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Panel.statistics');
  const db = await getDb();
  const platforms = (await listActivePlatforms(db)).map((p) => p.ad);
  const requested = (await searchParams).platform;
  const platform = platforms.find((p) => p === requested) ?? platforms[0];

  return (
    <section aria-labelledby="statistics-heading" className="space-y-4">
      <h1 id="statistics-heading" className="text-2xl font-semibold">
        {t('title')}
      </h1>
      {platform ? (
        <StatisticsView
          platforms={platforms}
          initial={{
            platform,
            stats: await getPlatformStats(db, user.id, platform),
            transactions: await listTransactions(db, { userId: user.id, platform, limit: DEFAULT_TRANSACTIONS_LIMIT }),
          }}
        />
      ) : (
        <p className="text-muted">{t('noPlatform')}</p>
      )}
    </section>
  );
}
