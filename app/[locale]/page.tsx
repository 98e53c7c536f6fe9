import { setRequestLocale } from 'next-intl/server';
import { redirect } from '@/lib/i18n/navigation';
import { getDb } from '@/db/client';
import { cachedActivePlatforms } from '@/lib/platforms';
import { firstService } from '@/lib/catalogue/services';
import { getSessionUser } from '@/auth';

/**
 * §2 "/": on the server, go to the first active platform's first service, or to /login when
 * no platform is active. A logged-in user goes to /panel.
 */
export default async function RootPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (await getSessionUser()) redirect({ href: '/panel', locale });
  const [first] = await cachedActivePlatforms(await getDb());
  redirect({ href: first ? `/service/${firstService(first.ad)}` : '/login', locale });
}
