'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/components/ui/link';
import { usePathname } from '@/lib/infra/i18n/navigation';
import { navTabVariants } from '@/components/ui/nav-tab';

const TABS = [
  { key: 'announcements', href: '/panel' },
  { key: 'subscription', href: '/panel/subscription' },
  { key: 'statistics', href: '/panel/statistics' },
  { key: 'watch', href: '/panel/watch' },
  { key: 'support', href: '/panel/support' },
  { key: 'settings', href: '/panel/settings' },
] as const;

/** The panel tabs of a logged-in user's header (§2), shown inside the panel. */
export function PanelTabs() {
  const t = useTranslations('Header');
  const pathname = usePathname();
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone the strip scrolls sideways: centre the current section in it (the strip moves, the page does not).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!list || !tab) return;
    const strip = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    list.scrollLeft += box.left - strip.left - (strip.width - box.width) / 2;
  }, [pathname]);
  if (!(pathname === '/panel' || pathname.startsWith('/panel/'))) return null;
  return (
    <nav aria-label={t('panelTabsLabel')} className="mx-auto max-w-page px-gutter pb-2" data-panel-tabs>
      <ul ref={listRef} className="flex gap-1 overflow-x-auto">
        {TABS.map((tab) => {
          const current = pathname === tab.href;
          return (
            <li key={tab.key} className="shrink-0">
              <Link
                href={tab.href}
                aria-current={current ? 'page' : undefined}
                className={navTabVariants({ current })}
              >
                {t(`panelTabs.${tab.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
