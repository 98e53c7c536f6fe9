'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useHydrated } from '@/components/ui/use-hydrated';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line bg-card px-4 font-semibold text-ink hover:bg-brand-soft disabled:cursor-not-allowed disabled:opacity-60';

/** Copies a value to the clipboard; the button says "Copied" for a moment (announced politely). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations('Settings.api');
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <button type="button" disabled={!hydrated} onClick={copy} className={secondaryButton} aria-label={copied ? t('copied') : label}>
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}
