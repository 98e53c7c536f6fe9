'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { locales, type Locale } from '@/lib/i18n/routing';

/** Remembers the choice for the next visit to an address without a language prefix. */
function rememberLocale(locale: Locale) {
  document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  window.localStorage.setItem('language', locale);
}

/**
 * The language picker (§2 footer): switches the URL's locale and remembers the choice in the
 * NEXT_LOCALE cookie and local storage (§3 "language key in local storage and cookie").
 */
export function LanguagePicker() {
  const t = useTranslations('Footer');
  const current = useLocale() as Locale;
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();

  function choose(locale: Locale) {
    rememberLocale(locale);
    const query = Object.fromEntries(search.entries());
    router.replace({ pathname, query }, { locale });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`${t('languageLabel')}: ${t(`languages.${current}`)}`}
        className="inline-flex min-h-11 items-center gap-1 rounded px-3 hover:bg-brand-soft"
      >
        <span aria-hidden="true">🌐</span>
        <span lang={current}>{t(`languages.${current}`)}</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {locales.map((locale) => (
          <DropdownMenuItem key={locale} lang={locale} onSelect={() => choose(locale)} aria-current={locale === current ? 'true' : undefined}>
            <span aria-hidden="true" className="w-4">
              {locale === current ? '✓' : ''}
            </span>
            {t(`languages.${locale}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
