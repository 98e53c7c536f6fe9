'use client';

import type { ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

/** Pages whose header shows only the title (§2): forgot/reset password and the policy pages. */
const TITLE_ONLY = ['/forgot-password', '/reset-password', '/terms', '/privacy', '/cookies', '/subscription-policy'];
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
