import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { PAGE_SERVICES } from '@/lib/catalogue/services';
import { requestActivePlatforms } from '@/components/layout/request-data';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronRight, CircleOff } from 'lucide-react';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ServicePage' });
  return { title: t('chooseService'), robots: { index: false } };
}

/** §2: /service without a service shows a placeholder: the services of the active platforms to choose from. */
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
        <div className="mt-6 grid gap-4 sm:grid-cols-3">
          {platforms.map((p) => (
            <Card key={p.ad} className="p-4">
              <nav aria-label={t(`Platforms.${p.ad}`)}>
                <h2 className="font-semibold">{t(`Platforms.${p.ad}`)}</h2>
                <ul className="mt-2 space-y-1">
                  {PAGE_SERVICES[p.ad].map((s) => (
                    <li key={s}>
                      <Link href={`/service/${s}`} className={buttonVariants({ variant: 'ghost', className: 'w-full justify-between text-brand' })}>
                        {t(`Services.${s}`)}
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
