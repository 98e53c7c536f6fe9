import { Activity, ArrowRight, RotateCcw, UserCheck } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { formatUsd } from '@/lib/money';
import type { PriceList } from '@/lib/storefront';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const FEATURES = [
  { key: 'realProfiles', icon: UserCheck },
  { key: 'liveStatus', icon: Activity },
  { key: 'autoRefund', icon: RotateCcw },
] as const;

/**
 * The storefront's first screen (issue #15): what the product does, why it is different, what it
 * costs (the cheapest active package per platform, from the database) and the calls to action.
 * A server component with inline SVG icons only: no client JavaScript, no images.
 */
export async function StorefrontHero({ siteName, prices }: { siteName: string; prices: PriceList['platforms'] }) {
  const t = await getTranslations('Storefront');
  const tp = await getTranslations('Platforms');
  const locale = await getLocale();
  const priced = prices.filter((p) => p.fromCents !== null);

  return (
    <section aria-labelledby="storefront-title" className="mb-8" data-storefront-hero>
      <div className="grid gap-5 md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] md:items-center md:gap-8">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-brand">{t('eyebrow')}</p>
          <h1 id="storefront-title" className="mt-1 text-2xl font-bold leading-tight sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-2 text-sm text-muted sm:mt-3 sm:text-base">{t('lead')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button asChild size="lg">
              <Link href="/login?tab=register">{t('register')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link href="/pricing">
                {t('seePricing')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
          </div>
        </div>
        <Card className="p-4 sm:p-5" data-storefront-prices>
          <h2 className="text-sm font-semibold">{t('pricesLabel')}</h2>
          {priced.length ? (
            <ul className="mt-2 grid grid-cols-3 gap-2 md:grid-cols-1">
              {priced.map(({ platform, fromCents }) => (
                <li key={platform} className="flex flex-col md:flex-row md:items-baseline md:justify-between">
                  <span className="text-xs text-muted md:text-sm">{tp(platform)}</span>
                  <span className="text-lg font-bold tabular-nums" data-from-price={platform}>
                    {formatUsd(fromCents!, locale)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted">{t('noPrices')}</p>
          )}
        </Card>
      </div>
      <ul aria-label={t('featuresLabel', { site: siteName })} className="mt-5 grid gap-3 sm:grid-cols-3">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3">
            <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div>
              <h2 className="text-sm font-semibold">{t(`features.${key}.title`)}</h2>
              <p className="text-xs text-muted sm:text-sm">{t(`features.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
