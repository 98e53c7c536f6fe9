import { PAGE_SERVICES, PLATFORMS } from '@/lib/domain/catalogue/services';
import { defaultLocale, locales, type Locale } from '@/lib/infra/i18n/routing';

/** The policy pages of §2, by their path (without the locale prefix). */
export const POLICY_PATHS = ['/terms', '/privacy', '/cookies', '/subscription-policy'] as const;
export type PolicyPath = (typeof POLICY_PATHS)[number];

/** The imprint (issue #32 "Who we are"): who runs the site; the same path in every language. */
export const IMPRINT_PATH = '/imprint';

/** The storefront pages (issue #15): the home page and the price list. */
export const STOREFRONT_PATHS = ['/', '/pricing'] as const;

/** The public status page (issue #38 item 4): success and kept rates, availability and incidents. */
export const STATUS_PATH = '/status';

/** Every public, indexable page (without the locale prefix): the storefront, each service page, the status page, each policy page and the imprint. */
export function publicPaths(activePlatforms: readonly string[] = PLATFORMS): string[] {
  const services = PLATFORMS.filter((p) => activePlatforms.includes(p)).flatMap((p) => PAGE_SERVICES[p].map((s) => `/service/${s}`));
  return [...STOREFRONT_PATHS, ...services, STATUS_PATH, ...POLICY_PATHS, IMPRINT_PATH];
}

/** The URL path of a page in one language: Turkish at the root, the others under /en and /de. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === defaultLocale) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * canonical and hreflang alternates of one page (tr, en, de and x-default, which is the Turkish
 * default page), as absolute URLs.
 */
export function alternatesFor(baseUrl: string, locale: Locale, path: string) {
  const base = baseUrl.replace(/\/$/, '');
  const languages: Record<string, string> = {};
  for (const l of locales) languages[l] = base + localizedPath(l, path);
  languages['x-default'] = base + localizedPath(defaultLocale, path);
  return { canonical: base + localizedPath(locale, path), languages };
}
