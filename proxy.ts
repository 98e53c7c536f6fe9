import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { defaultLocale, isLocale, routing } from '@/lib/infra/i18n/routing';

/**
 * Locale routing only (Next.js 16 calls the middleware file `proxy.ts`). Access control is not
 * done here: every handler and server component checks the session itself.
 */
const intl = createMiddleware(routing);

export default function proxy(req: NextRequest) {
  // §9: the `lng` query parameter picks the language; it becomes the URL prefix and the cookie.
  const lng = req.nextUrl.searchParams.get('lng');
  if (lng !== null) {
    const base = lng.trim().toLowerCase().split(/[-_]/)[0];
    const url = req.nextUrl.clone();
    url.searchParams.delete('lng');
    if (isLocale(base)) {
      const rest = url.pathname.replace(/^\/(tr|en|de)(?=\/|$)/, '') || '/';
      url.pathname = base === defaultLocale ? rest : `/${base}${rest === '/' ? '' : rest}`;
      const res = NextResponse.redirect(url, 307);
      res.cookies.set('NEXT_LOCALE', base, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
      return res;
    }
    return NextResponse.redirect(url, 307);
  }
  return intl(req);
}

export const config = {
  // API routes, Next's assets, Socket.IO, the simulated provider, the benchmark baseline page and
  // files with an extension stay out.
  matcher: ['/((?!api|_next|_vercel|socket\\.io|sim-provider|bench-bare|.*\\..*).*)'],
};
