import type { MetadataRoute } from 'next';
import { getDb } from '@/db/client';
import { publicUrl } from '@/env';
import { cachedActivePlatforms } from '@/lib/domain/platforms';
import { alternatesFor, publicPaths } from '@/lib/domain/seo';
import { locales } from '@/lib/infra/i18n/routing';

// Read at request time: which platforms are active is decided by admins, not by the build.
export const dynamic = 'force-dynamic';

/** sitemap.xml: the home and pricing pages, every service page of the active platforms, the status page, every policy page and the imprint, in every language, with hreflang alternates. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = publicUrl();
  const platforms = (await cachedActivePlatforms(await getDb())).map((p) => p.ad);
  return publicPaths(platforms).flatMap((path) =>
    locales.map((locale) => {
      const { canonical, languages } = alternatesFor(base, locale, path);
      return {
        url: canonical,
        changeFrequency: changeFrequency(path),
        priority: path === '/' ? 1 : path === '/pricing' ? 0.9 : path.startsWith('/service/') ? 0.8 : path === '/status' ? 0.5 : 0.3,
        alternates: { languages },
      };
    }),
  );
}

function changeFrequency(path: string) {
  if (path.startsWith('/service/') || path === '/') return 'daily' as const;
  // Issue #38 item 4: the status page's figures move every minute.
  if (path === '/status') return 'hourly' as const;
  return path === '/pricing' ? ('weekly' as const) : ('yearly' as const);
}
