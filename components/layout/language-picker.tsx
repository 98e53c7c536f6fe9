'use client';

import { useLocale, useTranslations } from 'next-intl';
import { ChevronDown, Globe } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useDeferred } from '@/components/ui/use-deferred';
import type { Locale } from '@/lib/infra/i18n/routing';

const loadPicker = () => import('./language-picker-full').then((m) => m.LanguagePickerFull);

/**
 * The footer's language button (§2). The menu that switches the language (language-picker-full.tsx)
 * loads when the button is pointed at, focused or pressed, and opens at once.
 */
export function LanguagePicker() {
  const t = useTranslations('Footer');
  const current = useLocale() as Locale;
  const { loaded: Full, warm, ensure } = useDeferred(loadPicker);
  if (Full) return <Full defaultOpen />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      aria-label={`${t('languageLabel')}: ${t(`languages.${current}`)}`}
      className={buttonVariants({ variant: 'ghost', className: 'gap-1.5' })}
      data-language-picker
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => void ensure()}
    >
      <Globe aria-hidden="true" className="size-4" />
      <span lang={current}>{t(`languages.${current}`)}</span>
      <ChevronDown aria-hidden="true" className="size-4 text-muted" />
    </button>
  );
}
