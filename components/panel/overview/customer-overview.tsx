import { ArrowRight, Clock, History, PackageOpen, Wallet } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { CustomerOverview as Overview } from '@/lib/domain/overview';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PackageUsage } from './package-usage';
import { RecentOrders } from './recent-orders';

/**
 * The top of /panel (issue #15): balance, the packages in force with today's use of each service
 * and the time to the daily reset, and the last orders. Server-rendered, no client JavaScript of
 * its own (the page has a Lighthouse budget on a throttled phone).
 */
export async function CustomerOverview({ overview }: { overview: Overview }) {
  const t = await getTranslations('Panel.overview');
  const format = await getFormatter();
  const { packages, resetIn, balanceCents, orders } = overview;

  return (
    <section aria-labelledby="overview-heading" className="space-y-4" data-testid="customer-overview">
      <h2 id="overview-heading" className="sr-only">
        {t('title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="md:col-span-1">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Wallet aria-hidden="true" className="size-4 text-muted" />
              {t('balance')}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="text-3xl font-semibold tabular-nums" data-testid="overview-balance">
              {format.number(balanceCents / 100, { style: 'currency', currency: 'USD' })}
            </p>
            <Button asChild variant="secondary" size="md">
              <Link href="/panel/subscription">{t('addBalance')}</Link>
            </Button>
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t('packagesTitle')}</CardTitle>
            {packages.length > 0 ? (
              <CardDescription className="flex items-center gap-1" data-testid="overview-reset">
                <Clock aria-hidden="true" className="size-4" />
                {t('resetIn', { hours: resetIn.saat, minutes: resetIn.dakika })}
              </CardDescription>
            ) : null}
          </CardHeader>
          <CardContent>
            {packages.length === 0 ? (
              <EmptyState
                icon={PackageOpen}
                title={t('noPackageTitle')}
                description={t('noPackageText')}
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    <Button asChild>
                      <Link href="/panel/subscription">{t('buyPackage')}</Link>
                    </Button>
                    <Button asChild variant="secondary">
                      <Link href="/pricing">{t('seePricing')}</Link>
                    </Button>
                  </div>
                }
              />
            ) : (
              <ul className="space-y-4">
                {packages.map((p) => (
                  <li key={p.platform}>
                    <PackageUsage pkg={p} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('ordersTitle')}</CardTitle>
          <Button asChild variant="link" size="sm" className="px-0">
            <Link href="/panel/statistics">
              <History aria-hidden="true" className="size-4" />
              {t('allOrders')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          <RecentOrders orders={orders} />
        </CardContent>
      </Card>
    </section>
  );
}
