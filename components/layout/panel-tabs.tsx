'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { navTabVariants } from '@/components/ui/nav-tab';

const TABS = [
  { key: 'announcements', href: '/panel' },
  { key: 'subscription', href: '/panel/subscription' },
  { key: 'statistics', href: '/panel/statistics' },
  { key: 'support', href: '/panel/support' },
  { key: 'settings', href: '/panel/settings' },
] as const;

/** The panel tabs of a logged-in user's header (§2), shown inside the panel. */
export function PanelTabs() {
  const t = useTranslations('Header');
  const pathname = usePathname();
  if (!(pathname === '/panel' || pathname.startsWith('/panel/'))) return null;
  return (
    <nav aria-label={t('panelTabsLabel')} className="mx-auto max-w-5xl px-4 pb-2">
      <ul className="flex gap-1 overflow-x-auto">
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
