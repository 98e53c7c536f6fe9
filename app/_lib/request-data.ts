import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { getSessionUser } from '@/auth';
import { cachedSiteSettings } from '@/lib/domain/settings';
import { cachedActivePlatforms } from '@/lib/domain/platforms';

/**
 * Data every public page needs, read once per request: the layout, generateMetadata and the page
 * itself ask for the same site settings, active platforms and session user (React's per-request cache).
 * Settings and platforms also come from the few-seconds process cache (lib/infra/cache).
 */
export const requestSiteSettings = cache(async () => cachedSiteSettings(await getDb()));
export const requestActivePlatforms = cache(async () => cachedActivePlatforms(await getDb()));
export const requestSessionUser = cache(() => getSessionUser());

/** The site's name in titles and Open Graph: the admin's setting (§3), else the catalogue's. */
export async function requestSiteName(locale: string): Promise<string> {
  const settings = await requestSiteSettings();
  return settings.site_adi || (await getTranslations({ locale, namespace: 'Meta' }))('siteName');
}

/**
 * Whether this render is the signed-in app shell: the page cache (server/page-cache.ts) asks for it
 * with this header on a customer's request from which it removed the session cookie; a client
 * cannot send it (the cache deletes it from every request first).
 */
export const requestIsMemberShell = cache(async () => (await headers()).get('x-etk-shell') === 'member');
