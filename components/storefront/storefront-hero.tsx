import { Activity, ArrowRight, RotateCcw, UserCheck } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { formatUsd } from '@/lib/infra/money';
import type { PriceList } from '@/lib/domain/storefront';
import { cn } from '@/lib/infra/utils/cn';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { headingVariants } from '@/components/ui/heading';

const FEATURES = [
  { key: 'realProfiles', icon: UserCheck, tone: 'bg-brand-soft text-brand' },
  { key: 'liveStatus', icon: Activity, tone: 'bg-accent-soft text-accent' },
  { key: 'autoRefund', icon: RotateCcw, tone: 'bg-brand-soft text-brand' },
] as const;

/**
 * The storefront's first screen (issue #15): what the product does, why it is different, what it
 * costs (the cheapest active package per platform, from the database) and the calls to action.
 * A server component with inline SVG icons only: no client JavaScript, no images. The first
 * screen sits on a band tinted from the brand to the accent (issue #32 item 15); every text colour
 * on it is measured against both ends (app/globals.css).
 */
export async function StorefrontHero({ siteName, prices }: { siteName: string; prices: PriceList['platforms'] }) {
  const t = await getTranslations('Storefront');
  const tp = await getTranslations('Platforms');
  const locale = await getLocale();
  const priced = prices.filter((p) => p.fromCents !== null);

  return (
    <section aria-labelledby="storefront-title" className="mb-section" data-storefront-hero>
      <div className="grid gap-5 rounded-card border border-line bg-linear-to-br from-brand-soft via-tint to-accent-soft p-card sm:p-8 md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] md:items-center md:gap-8">
        <div>
          <p className="text-caption font-semibold uppercase tracking-wider text-accent">{t('eyebrow')}</p>
          <h1 id="storefront-title" className={headingVariants('display', 'mt-2')}>
            {t('title')}
          </h1>
          <p className="mt-3 text-small text-muted sm:text-body">{t('lead')}</p>
          <div className="mt-5 flex flex-wrap gap-2">
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
            <ul className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(4rem,1fr))] gap-2 md:grid-cols-1">
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
      <ul aria-label={t('featuresLabel', { site: siteName })} className="mt-5 grid gap-3 sm:grid-cols-3 sm:gap-4">
        {FEATURES.map(({ key, icon: Icon, tone }) => (
          <li key={key} className="flex gap-3">
            <span className={cn('mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full', tone)}>
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div>
              <h2 className="text-small font-semibold">{t(`features.${key}.title`)}</h2>
              <p className="text-caption text-muted sm:text-small">{t(`features.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
