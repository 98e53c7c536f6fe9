import { setRequestLocale } from 'next-intl/server';
import { redirect } from '@/lib/i18n/navigation';
import { getDb } from '@/db/client';
import { cachedActivePlatforms } from '@/lib/platforms';
import { firstService } from '@/lib/catalogue/services';
import { getSessionUser } from '@/auth';
import { logger } from '@/lib/logger';
import { PlatformLoadError } from '@/components/layout/platform-load-error';

/**
 * §2 "/": on the server, go to the first active platform's first service, or to /login when
 * no platform is active. A logged-in user goes to /panel. When the platforms cannot be read, the
 * connection-error view (reload button, and /service/retweet after 5 seconds).
 */
export default async function RootPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (await getSessionUser()) redirect({ href: '/panel', locale });
  let platforms;
  try {
    platforms = await cachedActivePlatforms(await getDb());
  } catch (err) {
    logger.error({ err }, 'the platform list could not be read for /');
    return <PlatformLoadError />;
  }
  const [first] = platforms;
  redirect({ href: first ? `/service/${firstService(first.ad)}` : '/login', locale });
}
