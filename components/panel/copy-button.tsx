'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';


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
    <Button variant="secondary" disabled={!hydrated} onClick={copy} aria-label={copied ? t('copied') : label}>
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </Button>
  );
}
