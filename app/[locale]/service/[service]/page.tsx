import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/db/client';
import { listActivePlatforms } from '@/lib/platforms';
import { hasServicePage, normalizeService, platformOfService } from '@/lib/catalogue/services';

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
  if (!service || !platform) return { title: t('ServicePage.unknownService') };
  const names = { platform: t(`Platforms.${platform}`), service: t(`Services.${service}`), site: t('Meta.siteName') };
  return {
    title: t('Meta.servicePageTitle', names),
    description: t('Meta.servicePageDescription', names),
  };
}

/** /service/{service} (§2). The profile list and the send forms arrive with the public-site work. */
export default async function ServicePage({ params }: Props) {
  const { locale, service, platform } = await resolve(params);
  setRequestLocale(locale);
  if (!service || !platform) notFound();
  const t = await getTranslations();
  const active = (await listActivePlatforms(await getDb())).some((p) => p.ad === platform);

  return (
    <section aria-labelledby="service-heading" data-service={service} data-platform={platform}>
      <h1 id="service-heading" className="text-2xl font-semibold">
        {t('ServicePage.heading', { platform: t(`Platforms.${platform}`), service: t(`Services.${service}`) })}
      </h1>
      {!active ? <p className="mt-4 text-muted">{t('ServicePage.platformInactive')}</p> : null}
    </section>
  );
}
