import { defaultLocale, isLocale, locales, type Locale } from './routing';

/**
 * The language of an API request (§9 detection order adapted to the server): `?lng=`, then an
 * explicit `X-Locale` header, then the NEXT_LOCALE cookie, then Accept-Language; Turkish otherwise.
 */
export function localeFromRequest(req: Request): Locale {
  const url = new URL(req.url);
  const lng = url.searchParams.get('lng') ?? url.searchParams.get('lang');
  if (lng && isLocale(baseLanguage(lng))) return baseLanguage(lng) as Locale;
  const header = req.headers.get('x-locale');
  if (header && isLocale(baseLanguage(header))) return baseLanguage(header) as Locale;
  return localeOfCookie(req.headers.get('cookie')) ?? fromAcceptLanguage(req.headers.get('accept-language')) ?? defaultLocale;
}

/** The language the NEXT_LOCALE cookie of a Cookie header names, when it is one of ours. */
export function localeOfCookie(header: string | null | undefined): Locale | undefined {
  const value = /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(header ?? '')?.[1];
  return value && isLocale(value) ? value : undefined;
}

export function baseLanguage(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

export function fromAcceptLanguage(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { lang: baseLanguage(tag), q: q ? Number(q) : 1 };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((r) => r.lang).find((l): l is Locale => (locales as readonly string[]).includes(l));
}
