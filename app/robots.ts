import type { MetadataRoute } from 'next';
import { publicUrl } from '@/env';

export const dynamic = 'force-dynamic';

/** robots.txt: the customer and admin areas and the API are not for search engines (in any language). */
export default function robots(): MetadataRoute.Robots {
  const base = publicUrl();
  const privatePaths = ['/panel', '/rooting', '/admin-login'].flatMap((p) => [p, `/en${p}`, `/de${p}`]);
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: [...privatePaths, '/api'] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
