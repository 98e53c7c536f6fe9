import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider, hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/lib/i18n/routing';
import { getDb } from '@/db/client';
import { getSiteSettings } from '@/lib/settings';
import { listActivePlatforms } from '@/lib/platforms';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { Toaster } from '@/components/ui/toaster';
import '../globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#1d4ed8' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const settings = await getSiteSettings(await getDb());
  const siteName = settings.site_adi || t('siteName');
  return {
    title: { default: siteName, template: `%s` },
    description: (locale === 'tr' && settings.site_aciklama) || t('defaultDescription'),
    icons: settings.site_favicon ? { icon: settings.site_favicon } : undefined,
  };
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Common' });
  const platforms = await listActivePlatforms(await getDb());

  return (
    <html lang={locale}>
      <body className="min-h-screen bg-surface text-ink antialiased">
        <NextIntlClientProvider>
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2">
            {t('skipToContent')}
          </a>
          <SiteHeader platforms={platforms.map((p) => p.ad)} />
          <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6">
            {children}
          </main>
          <SiteFooter />
          <Toaster />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
