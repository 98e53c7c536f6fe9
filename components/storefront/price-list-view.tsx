import { Check, PackageX, Sparkles } from 'lucide-react';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { formatUsd } from '@/lib/infra/money';
import type { PriceList } from '@/lib/domain/storefront';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { AccountSwitch } from '@/components/layout/viewer-context';
import { CustomerPlansProvider, PlanCard } from './plan-card';

/**
 * /pricing's body (issue #15): per active platform its packages (price, daily limit per service,
 * profiles per order) and what each of its services does; the §9 new-tweet tiers; a call to
 * register. Server-rendered from getPriceList, nothing here is a number of its own. No active
 * platform (or a list that could not be read): the no-packages state above the call to register.
 * Each plan has its call to action and the middle-priced one is highlighted (issue #32 item 12);
 * what depends on who is looking (register, buy, current plan) is decided in the browser
 * (PlanCard), since the page is served from the page cache.
 */
export async function PriceListView({ list }: { list: PriceList }) {
  const t = await getTranslations();
  const format = await getFormatter();
  const locale = await getLocale();

  return (
    <CustomerPlansProvider>
      <div className="space-y-10">
        {list.platforms.length === 0 ? <EmptyState icon={PackageX} title={t('Pricing.noPackages')} className="bg-card" /> : null}
        {list.platforms.map(({ platform, services, featuredId }) => {
          // A package without a price on this platform is not sold there (lib/domain/packages PackagePrices).
          const priced = list.packages.filter((pkg) => pkg.pricesCents[platform] !== undefined);
          return (
            <section key={platform} aria-labelledby={`pricing-${platform}`} data-pricing-platform={platform}>
              <h2 id={`pricing-${platform}`} className="text-xl font-semibold">
                {t('Pricing.platformHeading', { platform: t(`Platforms.${platform}`) })}
              </h2>
              {priced.length ? (
                <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {priced.map((pkg) => (
                    <li key={pkg.id}>
                      <PlanCard packageId={pkg.id} platform={platform} packageName={pkg.name} platformName={t(`Platforms.${platform}`)} featured={pkg.id === featuredId}>
                        <CardHeader>
                          {pkg.id === featuredId ? (
                            <Badge tone="brand" icon={Sparkles} className="self-start" data-featured-badge>
                              {t('Pricing.featured')}
                            </Badge>
                          ) : null}
                          {/* CardTitle is an h2; a package sits under its platform's h2. */}
                          <h3 className="text-base font-semibold leading-tight">{pkg.name}</h3>
                          <CardDescription>
                            <span className="text-2xl font-bold text-ink tabular-nums" data-price>
                              {formatUsd(pkg.pricesCents[platform]!, locale)}
                            </span>{' '}
                            {t('Pricing.perPeriod')}
                          </CardDescription>
                        </CardHeader>
                        <CardContent>
                          <ul className="space-y-1 text-sm">
                            <li className="flex gap-2">
                              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                              {t('Pricing.dailyLimit', { count: pkg.dailyLimit })}
                            </li>
                            <li className="flex gap-2">
                              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                              {t('Pricing.profileLimit', { count: pkg.profileLimit })}
                            </li>
                          </ul>
                        </CardContent>
                      </PlanCard>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-muted">{t('Pricing.noPackages')}</p>
              )}
              <h3 className="mt-4 text-sm font-semibold">{t('Pricing.servicesIncluded')}</h3>
              <ul className="mt-2 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
                {services.map((service) => (
                  <li key={service} className="flex flex-col items-start gap-1">
                    <Badge tone="info">{t(`Services.${service}`)}</Badge>
                    <span className="text-muted">{t(`Pricing.services.${service}`)}</span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}

        {list.newTweetTiers.length ? (
          <section aria-labelledby="pricing-new-tweet" data-pricing-new-tweet>
            <h2 id="pricing-new-tweet" className="text-xl font-semibold">
              {t('Pricing.newTweetTitle')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('Pricing.newTweetLead')}</p>
            <Card className="mt-3 overflow-hidden">
              <table className="w-full text-sm">
                <thead className="bg-tint text-left">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      {t('Pricing.tierFollowers')}
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">
                      {t('Pricing.tierPrice')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.newTweetTiers.map((tier) => (
                    <tr key={tier.fromFollowers} className="border-t border-line">
                      <td className="px-4 py-2 tabular-nums">
                        {tier.toFollowers === null
                          ? t('Pricing.tierOpen', { from: format.number(tier.fromFollowers) })
                          : t('Pricing.tierRange', { from: format.number(tier.fromFollowers), to: format.number(tier.toFollowers) })}
                      </td>
                      <td className="px-4 py-2 text-right font-semibold tabular-nums">{formatUsd(tier.cents, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </section>
        ) : null}

        {/* The closing call to register is a visitor's; a customer buys from the plans above. */}
        <AccountSwitch
          visitor={
            <Card className="bg-linear-to-br from-brand-soft via-tint to-accent-soft p-5 text-center sm:p-8" data-pricing-cta>
              <h2 className="text-xl font-semibold">{t('Pricing.ctaTitle')}</h2>
              <p className="mx-auto mt-2 max-w-xl text-sm text-muted">{t('Pricing.ctaText')}</p>
              <Button asChild size="lg" className="mt-4">
                <Link href="/login?tab=register">{t('Pricing.register')}</Link>
              </Button>
            </Card>
          }
          member={null}
        />
      </div>
    </CustomerPlansProvider>
  );
}
