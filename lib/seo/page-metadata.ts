import { publicUrl } from '@/env';
import type { Locale } from '@/lib/i18n/routing';
import { alternatesFor } from './paths';

const OG_LOCALES: Record<Locale, string> = { tr: 'tr_TR', en: 'en_US', de: 'de_DE' };

/**
 * The per-page part of the metadata (Next's Metadata shape, built without importing Next):
 * localized title and description, canonical URL, hreflang alternates and Open Graph.
 */
export function pageMetadata(input: { locale: Locale; path: string; title: string; description: string; siteName?: string }) {
  const alternates = alternatesFor(publicUrl(), input.locale, input.path);
  return {
    title: input.title,
    description: input.description,
    alternates,
    openGraph: {
      type: 'website' as const,
      url: alternates.canonical,
      title: input.title,
      description: input.description,
      locale: OG_LOCALES[input.locale],
      ...(input.siteName ? { siteName: input.siteName } : {}),
    },
  };
}
