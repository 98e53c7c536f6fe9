import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { tokenForSessionUser } from '@/auth';
import { exemptFromLimits } from '@/lib/domain/credentials';
import { profileReliability, readProfiles } from '@/lib/domain/profiles';
import { keptShare, profileKeptRates } from '@/lib/domain/verification';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { getLimitInfo } from '@/lib/domain/operations';
import { getBalanceCents } from '@/lib/domain/balance';
import { activeActionPrice } from '@/lib/domain/pricing/action-prices';
import { faqJsonLd, jsonLdString, pageMetadata } from '@/lib/domain/seo';
import type { Locale } from '@/lib/infra/i18n/routing';
import { hasServicePage, normalizeService, platformOfService, isPaidByFollowers } from '@/lib/domain/catalogue/services';
import { FAQ_KEYS } from '@/components/layout/links';
import { ServiceWorkspace } from '@/components/service/service-workspace';
import { requestActivePlatforms, requestIsMemberShell, requestSessionUser, requestSiteName } from '@/app/_lib/request-data';
import { ActiveTabIntoView } from '@/components/service/active-tab-into-view';
import { EmptyState } from '@/components/ui/empty-state';
import { CircleOff } from 'lucide-react';

type Props = { params: Promise<{ locale: string; service: string }> };

async function resolve(params: Props['params']) {
  const { locale, service: raw } = await params;
  const service = normalizeService(decodeURIComponent(raw));
  const platform = service ? platformOfService(service) : undefined;
  if (!service || !platform || !hasServicePage(service)) return { locale, service: undefined, platform: undefined };
  return { locale, service, platform };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, service, platform } = await resolve(params);
  const t = await getTranslations({ locale });
  if (!service || !platform) return { title: t('ServicePage.unknownService'), robots: { index: false } };
  const site = await requestSiteName(locale);
  const names = { platform: t(`Platforms.${platform}`), service: t(`Services.${service}`), site };
  // "YouTube Abone" already names its platform: "YouTube YouTube Abone" said it twice (issue #32).
  const label = names.service.startsWith(names.platform) ? names.service : t('Meta.platformService', names);
  return pageMetadata({
    locale: locale as Locale,
    path: `/service/${service}`,
    title: t('Meta.servicePageTitle', { service: label, site }),
    description: t('Meta.servicePageDescription', names),
    siteName: site,
  });
}

/**
 * /service/{service} (§2): server-rendered with the profile list in the HTML; the interactive
 * part (selection, send, live badges) is the ServiceWorkspace client component. A profile list
 * that cannot be read (database or provider) is an empty list that says so (§8).
 */
export default async function ServicePage({ params }: Props) {
  const { locale, service, platform } = await resolve(params);
  setRequestLocale(locale);
  if (!service || !platform) notFound();
  const t = await getTranslations();
  const db = await getDb();
  const active = (await requestActivePlatforms()).some((p) => p.ad === platform);
  const names = { platform: t(`Platforms.${platform}`), service: t(`Services.${service}`), site: t('Meta.siteName') };

  const heading = (
    <h1 id="service-heading" className="text-2xl font-semibold">
      {t('ServicePage.heading', names)}
    </h1>
  );
  if (!active) {
    return (
      <section aria-labelledby="service-heading" data-service={service} data-platform={platform}>
        {heading}
        <EmptyState icon={CircleOff} title={t('ServicePage.platformInactive')} className="mt-4" />
      </section>
    );
  }

  const [list, user, shell] = await Promise.all([
    readOrEmpty(() => Promise.all([readProfiles(db, platform), profileReliability(db, platform), profileKeptRates(db, platform)]), [[], new Map(), new Map()], { list: 'profiles', page: '/service' }),
    requestSessionUser(),
    requestIsMemberShell(),
  ]);
  const [profiles, reliability, kept] = list.value;
  // Issue #33 item 7: the service's price per action when pay-per-action is on (the same for everyone).
  const perAction = await readOrEmpty(() => activeActionPrice(db, service), null, { list: 'action price', page: '/service' });
  const [limits, balanceCents, socketToken] = user
    ? await Promise.all([
        getLimitInfo(db, user, service),
        isPaidByFollowers(service) || perAction.value ? getBalanceCents(db, user.id) : Promise.resolve(null),
        tokenForSessionUser(user),
      ])
    : [null, null, null];
  const faq = faqJsonLd(FAQ_KEYS.map((k) => ({ question: t(`Help.faq.${k}.q`), answer: t(`Help.faq.${k}.a`) })));

  return (
    <section aria-labelledby="service-heading" data-service={service} data-platform={platform}>
      <ActiveTabIntoView service={service} />
      {heading}
      <p className="mt-1 text-sm text-muted">{t('Meta.servicePageDescription', names)}</p>
      <ServiceWorkspace
        key={service}
        service={service}
        platform={platform}
        profiles={profiles.map((p) => ({ id: p.id, username: p.username, name: p.name, followers: p.followers, followersCount: p.followers_count, reliability: reliability.get(p.id) ?? null, kept: keptShare(kept.get(p.id)), languages: p.languages, country: p.country, niches: p.niches, verified: p.verified }))}
        profilesFailed={list.failed}
        viewer={user ? { loggedIn: true, isAdmin: exemptFromLimits(user), socketToken } : shell ? 'shell' : { loggedIn: false }}
        initialLimits={limits}
        initialBalanceCents={balanceCents}
        initialPerAction={perAction.value}
      />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(faq) }} />
    </section>
  );
}
