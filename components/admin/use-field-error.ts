'use client';

import { useTranslations } from 'next-intl';

/** A form error's message is a message key shared with the server (lib/<cap>/schemas.ts). */
export function useFieldError() {
  const t = useTranslations();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return t.has(message as never) ? t(message as never) : t('Errors.VALIDATION_FAILED');
  };
}
