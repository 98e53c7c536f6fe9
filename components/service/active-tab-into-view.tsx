'use client';

import { useEffect } from 'react';

/**
 * Brings the header's current platform and service tabs into view on a service page: on a phone
 * the strips scroll sideways and a later tab (YouTube, reels_bookmark) started off-screen.
 * Only the strips move, never the page.
 */
export function ActiveTabIntoView({ service }: { service: string }) {
  useEffect(() => {
    for (const tab of document.querySelectorAll<HTMLElement>('header nav a[aria-current="page"], header [data-service-strip] a[aria-current="page"]')) {
      // Only sideways: a header already scrolled away (a restored scroll position) stays away.
      const { top, bottom } = tab.getBoundingClientRect();
      if (top >= 0 && bottom <= window.innerHeight) tab.scrollIntoView({ inline: 'center', block: 'nearest' });
    }
  }, [service]);
  return null;
}
