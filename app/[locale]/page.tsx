import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { redirect } from '@/lib/infra/i18n/navigation';
import { getDb } from '@/db/client';
import { cachedActivePlatforms } from '@/lib/domain/platforms';
import { firstService } from '@/lib/domain/catalogue/services';
import { profileReliability, readProfiles } from '@/lib/domain/profiles';
import { getPriceList } from '@/lib/domain/storefront';
import { pageMetadata } from '@/lib/domain/seo';
import type { Locale } from '@/lib/infra/i18n/routing';
import { getSessionUser } from '@/auth';
import { logger } from '@/logger';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { PlatformLoadError } from '@/components/layout/platform-load-error';
import { requestSiteName, requestSiteSettings } from '@/app/_lib/request-data';
import { ServiceWorkspace } from '@/components/service/service-workspace';
import { StorefrontHero } from '@/components/storefront/storefront-hero';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const settings = await requestSiteSettings();
  const site = await requestSiteName(locale);
  return pageMetadata({
    locale: locale as Locale,
    path: '/',
    title: t('homeTitle', { site }),
    description: (locale === 'tr' && settings.site_aciklama) || t('defaultDescription'),
    siteName: site,
  });
}

/**
 * §2 "/", with issue #15's storefront: a logged-in user goes to /panel; a visitor sees what the
 * product does, why it is different and what it costs, with the first active platform's first
 * service and its profiles below (where §2 sent the visitor). No active platform: /login. When
 * the platforms cannot be read, the connection-error view (reload button, and /service/retweet
 * after 5 seconds); when only the profiles cannot, the list says so (§8).
 */
export default async function RootPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (await getSessionUser()) redirect({ href: '/panel', locale });
  const db = await getDb();
  let platforms, priceList;
  try {
    [platforms, priceList] = await Promise.all([cachedActivePlatforms(db), getPriceList(db, locale)]);
  } catch (err) {
    logger.error({ err }, 'the platform list could not be read for /');
    return <PlatformLoadError />;
  }
  const [first] = platforms;
  if (!first) return redirect({ href: '/login', locale });

  const platform = first.ad;
  const service = firstService(platform);
  const t = await getTranslations();
  const siteName = await requestSiteName(locale);
  const list = await readOrEmpty(() => Promise.all([readProfiles(db, platform), profileReliability(db, platform)]), [[], new Map()], { list: 'profiles', page: '/' });
  const [profiles, reliability] = list.value;

  return (
    <>
      <StorefrontHero siteName={siteName} prices={priceList.platforms} />
      <section aria-labelledby="service-heading" data-service={service} data-platform={platform} className="border-t border-line pt-6">
        <h2 id="service-heading" className="text-xl font-semibold">
          {t('Storefront.profilesTitle', { platform: t(`Platforms.${platform}`), service: t(`Services.${service}`) })}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('Storefront.profilesLead')}</p>
        <ServiceWorkspace
          service={service}
          platform={platform}
          profiles={profiles.map((p) => ({ id: p.id, username: p.username, name: p.name, followers: p.followers, reliability: reliability.get(p.id) ?? null, languages: p.languages, country: p.country, niches: p.niches, verified: p.verified }))}
          profilesFailed={list.failed}
          viewer={{ loggedIn: false }}
          initialLimits={null}
          initialBalanceCents={null}
        />
      </section>
    </>
  );
}
