import 'server-only';
import { getLocale, getTimeZone } from 'next-intl/server';
import { createFormat, type Format } from '@/lib/infra/format';

/** The page's formatter (lib/infra/format) in a server component. */
export async function getFormat(): Promise<Format> {
  const [locale, timeZone] = await Promise.all([getLocale(), getTimeZone()]);
  return createFormat(locale, timeZone);
}
