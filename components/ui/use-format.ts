'use client';

import { useLocale, useTimeZone } from 'next-intl';
import { useMemo } from 'react';
import { createFormat, DISPLAY_TIME_ZONE, type Format } from '@/lib/infra/format';

/**
 * The page's formatter (lib/infra/format) in a client component: the locale and time zone next-intl
 * gave the server render, so the browser writes the same text.
 */
export function useFormat(): Format {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? DISPLAY_TIME_ZONE;
  return useMemo(() => createFormat(locale, timeZone), [locale, timeZone]);
}
