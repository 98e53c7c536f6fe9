import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider, hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { routing } from '@/lib/infra/i18n/routing';
import { publicUrl } from '@/env';
import { jsonLdString, organizationJsonLd, parseHeadTags, toReactProps } from '@/lib/domain/seo';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/layout/site-footer';
import { PublicFooter, SiteMain } from '@/components/layout/header-shell';
import { tokenForSessionUser } from '@/auth';
import { exemptFromLimits } from '@/lib/domain/credentials';
import { browserMessages } from '@/components/layout/client-messages';
import { requestActivePlatforms, requestIsMemberShell, requestSessionUser, requestSiteSettings } from '@/app/_lib/request-data';
import { ViewerProvider } from '@/components/layout/viewer-context';
import { Toaster } from '@/components/ui/toaster';
import { SessionExpiryWatch } from '@/components/layout/session-expiry-watch';
// The brand typeface's @font-face rules and its one preload (the module says why it is imported bare).
import '@/components/layout/brand-font';
import '../globals.css';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

// zod 4 reads its configuration from this global when it loads (node_modules/zod/v4/core/core.js).
const ZOD_JITLESS = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';

// The browser's chrome takes the brand colour in light mode and the page colour in dark mode (globals.css).
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  colorScheme: 'light dark',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#4f46e5' },
    { media: '(prefers-color-scheme: dark)', color: '#0b1120' },
  ],
};

const OG_LOCALES = { tr: 'tr_TR', en: 'en_US', de: 'de_DE' } as const;

/** The site's name and description: the admin's site settings (§3) win over the built-in texts. */
async function siteIdentity(locale: string) {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const settings = await requestSiteSettings();
  return {
    settings,
    siteName: settings.site_adi || t('siteName'),
    // The admin writes one description, in Turkish; the other languages keep their own.
    description: (locale === 'tr' && settings.site_aciklama) || t('defaultDescription'),
  };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const { settings, siteName, description } = await siteIdentity(locale);
  return {
    metadataBase: new URL(publicUrl()),
    // Every page's own title is followed by the site's name (issue #32); pages whose title already
    // names the site (home, pricing, policies, service pages) give it whole (pageMetadata's `absolute`).
    title: { default: t('homeTitle', { site: siteName }), template: t('titleTemplate', { page: '%s', site: siteName }) },
    description,
    applicationName: siteName,
    keywords: t('keywords'),
    icons: settings.site_favicon ? { icon: settings.site_favicon } : undefined,
    openGraph: {
      type: 'website',
      siteName,
      locale: OG_LOCALES[locale as keyof typeof OG_LOCALES] ?? 'tr_TR',
      alternateLocale: Object.entries(OG_LOCALES).filter(([l]) => l !== locale).map(([, v]) => v),
      title: t('homeTitle', { site: siteName }),
      description,
      ...(settings.site_logo ? { images: [{ url: settings.site_logo, alt: t('ogImageAlt', { site: siteName }) }] } : {}),
    },
    twitter: { card: 'summary', title: t('homeTitle', { site: siteName }), description },
  };
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Common' });
  const [messages, platforms, user, { settings, siteName, description }, requestHeaders, shell] = await Promise.all([
    getMessages(),
    requestActivePlatforms(),
    requestSessionUser(),
    siteIdentity(locale),
    headers(),
    requestIsMemberShell(),
  ]);
  // Who the page is for: the account parts the server knows, or (the signed-in app shell, rendered
  // without any session) 'shell', which the page asks GET /api/users/me/viewer for.
  const viewer = user ? { isAdmin: exemptFromLimits(user), socketToken: await tokenForSessionUser(user) } : shell ? ('shell' as const) : null;
  // This request's script nonce (server.ts): the admin's inline or external scripts carry it, so
  // an analytics snippet runs under the Content-Security-Policy (docs/decisions.md "Security headers").
  const nonce = requestHeaders.get('x-nonce') ?? undefined;
  // §3/§4: the admin's custom head tags, rendered on the server into <head>.
  const headTags = parseHeadTags(settings.head_etiketleri);
  const organization = organizationJsonLd({ name: siteName, url: publicUrl(), logo: settings.site_logo || undefined, description });

  return (
    <html lang={locale}>
      <head>
        {/* zod compiles its parsers with new Function() unless told not to, and even its probe for
            that is reported as a CSP violation (no 'unsafe-eval'): switch it off before any bundle runs. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        {headTags.map((tag, i) => {
          const props = toReactProps(tag.attrs);
          const key = `head-tag-${i}`;
          if (tag.tag === 'meta') return <meta key={key} {...props} />;
          if (tag.tag === 'link') return <link key={key} {...props} />;
          if (tag.tag === 'script') return <script key={key} {...props} nonce={nonce} dangerouslySetInnerHTML={{ __html: tag.content ?? '' }} />;
          if (tag.tag === 'style') return <style key={key} {...props} dangerouslySetInnerHTML={{ __html: tag.content ?? '' }} />;
          return <noscript key={key} {...props} dangerouslySetInnerHTML={{ __html: tag.content ?? '' }} />;
        })}
      </head>
      <body className="flex min-h-screen flex-col bg-surface text-ink antialiased">
        <NextIntlClientProvider messages={browserMessages(messages)}>
          <ViewerProvider initial={viewer}>
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2">
            {t('skipToContent')}
          </a>
          <SiteHeader platforms={platforms.map((p) => p.ad)} account={user ? 'member' : shell ? 'shell' : 'visitor'} siteName={siteName} logo={settings.site_logo || undefined} />
          <SiteMain>{children}</SiteMain>
          <PublicFooter>
            <SiteFooter siteName={siteName} company={settings} />
          </PublicFooter>
          <Toaster />
          <SessionExpiryWatch />
          </ViewerProvider>
        </NextIntlClientProvider>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(organization) }} />
      </body>
    </html>
  );
}
