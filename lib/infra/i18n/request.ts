import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { catalogues } from './messages';
import { DISPLAY_TIME_ZONE } from '@/lib/infra/format';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: catalogues[locale], timeZone: DISPLAY_TIME_ZONE };
});
