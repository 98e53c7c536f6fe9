import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { getPriceList, priceListJsonLd, type PriceList } from '@/lib/domain/storefront';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { jsonLdString, localizedPath, pageMetadata } from '@/lib/domain/seo';
import type { Locale } from '@/lib/infra/i18n/routing';
import { publicUrl } from '@/env';
import { requestSiteName } from '@/app/_lib/request-data';
import { PriceListView } from '@/components/storefront/price-list-view';
import { Activity } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { readGuarantee, type Guarantee } from '@/lib/domain/verification';
import { GuaranteeSection } from '@/components/storefront/guarantee-section';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Pricing' });
  const site = await requestSiteName(locale);
  return pageMetadata({ locale: locale as Locale, path: '/pricing', title: t('metaTitle', { site }), description: t('metaDescription'), siteName: site });
}

const NO_PRICES: PriceList = { platforms: [], packages: [], newTweetTiers: [] };
const NO_GUARANTEE: Guarantee = { afterMinutes: [], services: [] };

/**
 * /pricing (issue #15): the packages for sale per active platform, the new-tweet tiers and
 * Product/Offer structured data, and the guarantee (issue #38 item 5). A price list that cannot be read is shown as no packages (§8).
 */
export default async function PricingPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations();
  const db = await getDb();
  const [{ value: list }, site, { value: guarantee }] = await Promise.all([
    readOrEmpty(() => getPriceList(db, locale), NO_PRICES, { list: 'price list', page: '/pricing' }),
    requestSiteName(locale),
    // Issue #38 item 5: what we promise about each action, with the status page's kept rates.
    readOrEmpty(() => readGuarantee(db), NO_GUARANTEE, { list: 'guarantee', page: '/pricing' }),
  ]);
  const jsonLd = priceListJsonLd(list, {
    brand: site,
    url: publicUrl().replace(/\/$/, '') + localizedPath(locale as Locale, '/pricing'),
    platformName: (p) => t(`Platforms.${p}`),
    productDescription: (p, services) => t('Pricing.productDescription', { platform: t(`Platforms.${p}`), services: services.map((s) => t(`Services.${s}`)).join(', ') }),
    offerDescription: (pkg) => t('Pricing.offerDescription', { daily: pkg.dailyLimit, profiles: pkg.profileLimit }),
  });

  return (
    <article aria-labelledby="pricing-title" data-pricing>
      <header className="mb-6">
        <h1 id="pricing-title" className="text-3xl font-bold">
          {t('Pricing.title')}
        </h1>
        <p className="mt-2 max-w-2xl text-muted">{t('Pricing.lead')}</p>
        <p className="mt-2 max-w-2xl text-small">
          <Link href="/status" className="inline-flex min-h-11 items-center gap-1 underline hover:text-ink" data-status-link>
            <Activity aria-hidden="true" className="size-4 shrink-0" />
            {t('StatusPage.pricingLink')}
          </Link>
        </p>
      </header>
      <PriceListView list={list} />
      <GuaranteeSection guarantee={guarantee} locale={locale} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(jsonLd) }} />
    </article>
  );
}
