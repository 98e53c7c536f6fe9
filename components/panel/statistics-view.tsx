'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { toast } from 'sonner';
import type { Platform } from '@/lib/domain/catalogue/services';
import { cn } from '@/lib/infra/utils/cn';
import { DailyChart } from './daily-chart';
import { fetchPlatformStats, fetchTransactions } from './panel-api';
import type { PlatformStats, TransactionPage } from './statistics-types';
import { TransactionList } from './transaction-list';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export type StatisticsData = { platform: Platform; stats: PlatformStats; transactions: TransactionPage };

/** A platform's stats and the first page of its transactions, from the API (after the first view). */
async function loadPlatform(platform: Platform, locale: string): Promise<StatisticsData> {
  const [stats, transactions] = await Promise.all([fetchPlatformStats(platform, locale), fetchTransactions(platform, locale)]);
  return { platform, stats, transactions };
}

/**
 * The statistics page's interactive part (§2, §4 "Statistics"): platform selection, totals,
 * per-service figures, the 30-day chart and the platform's transaction list. The first view
 * comes from the server; switching platform and refreshing read the API.
 */
export function StatisticsView({ platforms, initial }: { platforms: Platform[]; initial: StatisticsData }) {
  const t = useTranslations('Panel.statistics');
  const tp = useTranslations('Platforms');
  const ts = useTranslations('Services');
  const format = useFormat();
  const locale = useLocale();
  const [data, setData] = useState(initial);
  const [selected, setSelected] = useState<Platform>(initial.platform);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);

  async function show(platform: Platform, announce: boolean) {
    setSelected(platform);
    setBusy(true);
    try {
      const next = await loadPlatform(platform, locale);
      setData(next);
      setVersion((v) => v + 1);
      const url = new URL(window.location.href);
      url.searchParams.set('platform', platform);
      window.history.replaceState(null, '', url);
      if (announce) toast.success(t('refreshed'));
    } catch (err) {
      setSelected(data.platform);
      toast.error(err instanceof Error && err.message ? err.message : t('loadError'));
    } finally {
      setBusy(false);
    }
  }

  const { stats } = data;
  const money = (dollars: number) => format.dollars(dollars);
  const services = Object.entries(stats.hizmet_detaylari);

  return (
    <div className="space-y-6" aria-busy={busy}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-muted">{t('platformLabel')}</legend>
          <div className="flex flex-wrap gap-2">
            {platforms.map((p) => (
              <label
                key={p}
                className={cn(
                  'relative inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand',
                  selected === p ? 'border-brand bg-brand text-brand-ink' : 'border-line bg-card hover:bg-brand-soft',
                )}
              >
                <input type="radio" name="platform" value={p} checked={selected === p} onChange={() => void show(p, false)} disabled={busy} className="sr-only" />
                {tp(p)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button variant="secondary" onClick={() => void show(selected, true)} disabled={busy}>
          <RefreshCw aria-hidden="true" className={cn('size-4', busy && 'motion-safe:animate-spin')} />
          {busy ? t('refreshing') : t('refresh')}
        </Button>
      </div>

      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="mb-2 text-lg font-semibold">
          {t('totalsTitle')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="totals">
          {[
            { key: 'total', value: format.number(stats.toplam_islem), className: 'text-ink' },
            { key: 'successful', value: format.number(stats.basarili_islem), className: 'text-success' },
            { key: 'partial', value: format.number(stats.kismi_islem), className: 'text-warning' },
            { key: 'failed', value: format.number(stats.basarisiz_islem), className: 'text-danger' },
            { key: 'spent', value: money(stats.toplam_harcanan), className: 'text-ink' },
          ].map((c) => (
            <Card key={c.key} className="p-4" data-testid={`total-${c.key}`}>
              <dt className="text-sm text-muted">{t(c.key as 'total')}</dt>
              <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', c.className)}>{c.value}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title" className="mb-2 text-lg font-semibold">
          {t('servicesTitle')}
        </h2>
        {services.length === 0 ? (
          <p className="text-sm text-muted">{t('servicesEmpty')}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="service-figures">
            {services.map(([service, count]) => (
              <Card key={service} className="flex items-center justify-between px-4 py-3" data-service={service}>
                <dt className="text-sm">{ts.has(service) ? ts(service) : service}</dt>
                <dd className="text-lg font-semibold tabular-nums">{format.number(count)}</dd>
              </Card>
            ))}
          </dl>
        )}
      </section>

      <DailyChart points={stats.gunluk} />

      <TransactionList key={`${data.platform}-${version}`} platform={data.platform} initial={data.transactions} />
    </div>
  );
}
