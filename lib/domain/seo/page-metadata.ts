import { publicUrl } from '@/env';
import type { Locale } from '@/lib/infra/i18n/routing';
import { alternatesFor, localizedPath } from './paths';

const OG_LOCALES: Record<Locale, string> = { tr: 'tr_TR', en: 'en_US', de: 'de_DE' };

/**
 * The per-page part of the metadata (Next's Metadata shape, built without importing Next):
 * localized title and description, canonical URL, hreflang alternates and Open Graph.
 */
export function pageMetadata(input: { locale: Locale; path: string; title: string; description: string; siteName: string }) {
  const alternates = alternatesFor(publicUrl(), input.locale, input.path);
  return {
    // Whole: the title given already names the site, so the layout's "<page> – <site>" template stays off.
    title: { absolute: input.title },
    description: input.description,
    alternates,
    openGraph: {
      type: 'website' as const,
      url: alternates.canonical,
      title: input.title,
      description: input.description,
      locale: OG_LOCALES[input.locale],
      // A page's own openGraph replaces the layout's, file-based image included (issue #15): name
      // the language's image (app/[locale]/opengraph-image.tsx) again, at its unprefixed address.
      images: [{ url: `${publicUrl()}${localizedPath(input.locale, '/opengraph-image')}`, width: 1200, height: 630, type: 'image/png' }],
      siteName: input.siteName,
    },
  };
}
