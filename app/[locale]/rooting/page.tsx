import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { getDashboardFigures } from '@/lib/domain/dashboard';
import { tokenForSessionUser } from '@/auth';
import { DashboardRefresh } from '@/components/admin/dashboard-refresh';
import { StuckOrders } from '@/components/admin/stuck-orders';
import { listStuckOrders } from '@/lib/domain/reconciliation';
import { lastIntegrityCheck } from '@/lib/domain/integrity';
import { IntegrityCard } from '@/components/admin/integrity-card';
import { StatusIncidents } from '@/components/admin/status-incidents';
import { incidentTitle, listIncidents } from '@/lib/domain/status';
import type { Locale } from '@/lib/infra/i18n/routing';
import { AnalyticsCharts } from '@/components/admin/analytics-charts';
import { ExportForm } from '@/components/admin/export-links';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ANALYTICS_RANGES, getAnalytics, type AnalyticsRange } from '@/lib/domain/analytics';
import { Link } from '@/components/ui/link';
import { adminPage } from './admin-page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ days?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Admin.nav' });
  return { title: t('dashboard') };
}

/** /rooting: welcome and live figures (pushed through Socket.IO, components/admin/dashboard-refresh.tsx). */
export default async function DashboardPage({ params, searchParams }: Props) {
  const { admin, db, locale } = await adminPage(params);
  const t = await getTranslations('Admin.dashboard');
  const format = await getFormatter();
  const wanted = Number((await searchParams).days);
  // An unknown range in the address (an old link, a typo) shows 30 days.
  const days: AnalyticsRange = (ANALYTICS_RANGES as readonly number[]).includes(wanted) ? (wanted as AnalyticsRange) : 30;
  const ta = await getTranslations('Admin.analytics');
  const [f, socketToken, stuck, integrity, analytics, incidents, tsp] = await Promise.all([
    getDashboardFigures(db),
    tokenForSessionUser(admin),
    listStuckOrders(db, { limit: 20 }),
    lastIntegrityCheck(db),
    getAnalytics(db, days),
    listIncidents(db, { limit: 20 }),
    getTranslations('StatusPage.incidents'),
  ]);
  const at = (d: Date) => format.dateTime(d, { dateStyle: 'short', timeStyle: 'short' });
  const usd = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  const cards = [
    { label: t('users'), value: format.number(f.users) },
    { label: t('activeSubscriptions'), value: format.number(f.activeSubscriptions) },
    { label: t('ordersToday'), value: format.number(f.ordersToday) },
    { label: t('revenue'), value: usd(f.revenueCents), note: t('revenueToday', { amount: usd(f.revenueTodayCents) }) },
    // Issue #37 item 5.
    { label: t('activeWatches'), value: format.number(f.activeWatches) },
    { label: t('watchPostsActed'), value: format.number(f.watchPostsActed24h) },
  ];
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold">
        {t('welcome', { name: admin.adSoyad })}
      </h1>
      <p className="mt-1 text-muted">{t('intro')}</p>
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.label} className="p-4">
            <dt className="text-sm text-muted">{c.label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{c.value}</dd>
            {c.note ? <dd className="mt-1 text-xs text-muted">{c.note}</dd> : null}
          </Card>
        ))}
      </dl>
      <p className="mt-4 text-xs text-muted">{t('liveNote')}</p>
      <IntegrityCard
        result={integrity && { ok: integrity.ok, at: integrity.createdAt.toISOString(), checked: integrity.checked, discrepancies: integrity.discrepancies }}
      />
      <StuckOrders orders={stuck} />
      <StatusIncidents
        incidents={incidents.map((i) => ({
          id: i.id,
          title: incidentTitle(i, locale as Locale),
          when: `${tsp('started', { at: at(i.startedAt) })} · ${i.endedAt ? tsp('endedAt', { at: at(i.endedAt) }) : tsp('open')}`,
          note_tr: i.noteTr,
          note_en: i.noteEn,
          note_de: i.noteDe,
        }))}
      />
      <section aria-labelledby="analytics-title" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="analytics-title" className="text-lg font-semibold">
            {ta('title')}
          </h2>
          <nav aria-label={ta('rangeLabel')} className="flex gap-2">
            {ANALYTICS_RANGES.map((d) => (
              <Link
                key={d}
                href={{ pathname: '/rooting', query: { days: d } }}
                aria-current={d === days ? 'page' : undefined}
                className={buttonVariants({ variant: d === days ? 'primary' : 'secondary' })}
              >
                {ta('range', { days: d })}
              </Link>
            ))}
          </nav>
        </div>
        <AnalyticsCharts analytics={analytics} />
      </section>
      <ExportForm />
      <DashboardRefresh socketToken={socketToken} />
    </section>
  );
}
