'use client';

import { useTranslations } from 'next-intl';

/** Turns a zod message key (`Validation.email_invalid`) into the text of the page's language. */
export function useErrorText(): (message?: string) => string | undefined {
  const t = useTranslations();
  return (message) => {
    if (!message) return undefined;
    return t.has(message as never) ? t(message as never) : message;
  };
}
