import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PAGE_SERVICES } from '@/lib/domain/catalogue/services';
import { requestActivePlatforms } from '@/app/_lib/request-data';
import { EmptyState } from '@/components/ui/empty-state';
import { PlatformChoices } from '@/components/service/platform-choices';
import { CircleOff } from 'lucide-react';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ServicePage' });
  return { title: t('chooseService'), robots: { index: false } };
}

/**
 * §2: /service without a service shows a placeholder: the services of the active platforms to
 * choose from, the visitor's last platform first (§3 activePlatform).
 */
export default async function ChooseService({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations();
  const platforms = await requestActivePlatforms();
  return (
    <section aria-labelledby="choose-service" data-choose-service>
      <h1 id="choose-service" className="text-2xl font-semibold">
        {t('ServicePage.chooseService')}
      </h1>
      <p className="mt-2 text-muted">{t('ServicePage.chooseServiceText')}</p>
      {platforms.length === 0 ? (
        <EmptyState icon={CircleOff} title={t('ServicePage.platformInactive')} className="mt-6" />
      ) : (
        <PlatformChoices
          lastUsedLabel={t('ServicePage.lastUsedPlatform')}
          choices={platforms.map((p) => ({
            platform: p.ad,
            name: t(`Platforms.${p.ad}`),
            services: PAGE_SERVICES[p.ad].map((s) => ({ href: `/service/${s}`, label: t(`Services.${s}`) })),
          }))}
        />
      )}
    </section>
  );
}
