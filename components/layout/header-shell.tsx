'use client';

import type { ReactNode } from 'react';
import { usePathname } from '@/lib/infra/i18n/navigation';

/** Pages whose header shows only the title (§2): forgot/reset password, the policy pages and the imprint. */
const TITLE_ONLY = ['/forgot-password', '/reset-password', '/terms', '/privacy', '/cookies', '/subscription-policy', '/imprint'];
/** Areas with no site header at all (§2). */
const NO_HEADER = ['/rooting', '/admin-login'];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** Picks the header variant from the path; both variants are rendered on the server. */
export function HeaderShell({ full, titleOnly }: { full: ReactNode; titleOnly: ReactNode }) {
  const pathname = usePathname();
  if (NO_HEADER.some((p) => under(pathname, p))) return null;
  if (TITLE_ONLY.some((p) => under(pathname, p))) return titleOnly;
  return full;
}

/** The back office (issue #15): its own full-width shell, no public footer. */
const isAdminArea = (pathname: string) => under(pathname, '/rooting');

/** The page's <main>: the customer column on public pages, the full width in the back office. */
export function SiteMain({ children }: { children: ReactNode }) {
  const admin = isAdminArea(usePathname());
  return (
    <main id="main" className={admin ? 'w-full flex-1' : 'mx-auto w-full max-w-page flex-1 px-gutter py-6'}>
      {children}
    </main>
  );
}

/** The public footer, left out of the back office. */
export function PublicFooter({ children }: { children: ReactNode }) {
  return isAdminArea(usePathname()) ? null : children;
}
