'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useOpenOnMount } from '@/components/ui/use-deferred';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { usePathname, useRouter } from '@/lib/infra/i18n/navigation';
import { locales, type Locale } from '@/lib/infra/i18n/routing';
import { cn } from '@/lib/infra/utils/cn';

/** Remembers the choice for the next visit to an address without a language prefix. */
function rememberLocale(locale: Locale) {
  document.cookie = `NEXT_LOCALE=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  window.localStorage.setItem('language', locale);
}

/**
 * The language picker (§2 footer): switches the URL's locale and remembers the choice in the
 * NEXT_LOCALE cookie and local storage (§3 "language key in local storage and cookie").
 * Loaded on intent: language-picker.tsx renders the same button until then.
 */
export function LanguagePickerFull({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useOpenOnMount(defaultOpen);
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
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        aria-label={`${t('languageLabel')}: ${t(`languages.${current}`)}`}
        className={buttonVariants({ variant: 'ghost', className: 'gap-1.5' })}
        data-language-picker
      >
        <Globe aria-hidden="true" className="size-4" />
        <span lang={current}>{t(`languages.${current}`)}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {locales.map((locale) => (
          <DropdownMenuItem key={locale} lang={locale} onSelect={() => choose(locale)} aria-current={locale === current ? 'true' : undefined}>
            <Check aria-hidden="true" className={cn('size-4', locale === current ? 'visible' : 'invisible')} />
            {t(`languages.${locale}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
