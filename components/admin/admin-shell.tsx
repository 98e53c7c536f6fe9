'use client';

import { callApi } from '@/components/client/api';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import {
  BarChart3,
  Boxes,
  ExternalLink,
  Globe2,
  History,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Megaphone,
  Menu,
  Percent,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
  Eye,
  X,
  type LucideIcon,
} from 'lucide-react';
import { Link } from '@/components/ui/link';
import { usePathname, useRouter } from '@/lib/infra/i18n/navigation';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/infra/utils/cn';

type NavItem = { href: string; key: string; icon: LucideIcon };

/** The sections in three groups: running the business, the catalogue, the records. */
const NAV: NavItem[][] = [
  [
    { href: '/rooting', key: 'dashboard', icon: LayoutDashboard },
    { href: '/rooting/users', key: 'users', icon: Users },
    { href: '/rooting/tickets', key: 'tickets', icon: LifeBuoy },
    { href: '/rooting/history', key: 'history', icon: History },
    // Issue #37 item 5: every customer's watches.
    { href: '/rooting/watches', key: 'watches', icon: Eye },
  ],
  [
    { href: '/rooting/packages', key: 'packages', icon: Boxes },
    { href: '/rooting/platforms', key: 'platforms', icon: Globe2 },
    { href: '/rooting/profiles', key: 'profiles', icon: ShieldCheck },
    { href: '/rooting/discounts', key: 'discounts', icon: Percent },
    { href: '/rooting/announcements', key: 'announcements', icon: Megaphone },
  ],
  [
    { href: '/rooting/api-keys', key: 'apiKeys', icon: KeyRound },
    { href: '/rooting/audit', key: 'audit', icon: ScrollText },
    { href: '/rooting/settings', key: 'settings', icon: Settings },
  ],
];

/**
 * /rooting frame (§2, issue #15): the back office's own full-width shell, without the public header
 * and footer. On a desktop a sticky sidebar with the sections, a link to the public site and logout;
 * on a phone a top bar whose menu button opens the same list. The sidebar is 60 units (240 px)
 * wide (§2), names the site, and counts the open tickets beside Tickets (issue #32).
 */
export function AdminShell({ adminName, siteName, openTickets, children }: { adminName: string; siteName: string; openTickets: number; children: ReactNode }) {
  const t = useTranslations('Admin.nav');
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    await callApi('/api/auth/logout', { body: {} });
    await (await import('next-auth/react')).signOut({ redirect: false });
    for (const key of ['admin_token', 'user_token', 'user_data']) window.localStorage.removeItem(key);
    router.replace('/admin-login');
    router.refresh();
  }

  const current = (href: string) => (href === '/rooting' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`));

  return (
    <div className="min-h-screen md:flex" data-admin-shell>
      <aside
        aria-label={t('adminLabel')}
        className="sticky top-0 z-30 border-b border-line bg-card md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col md:border-b-0 md:border-r"
      >
        <div className="flex items-center justify-between gap-2 px-4 py-3 md:block md:py-5">
          <div className="flex min-w-0 items-center gap-2">
            <BarChart3 aria-hidden="true" className="size-6 shrink-0 text-brand" />
            <div className="min-w-0">
              <p className="truncate text-lg font-bold leading-tight text-brand" data-admin-site>
                {siteName}
              </p>
              <p className="truncate text-xs text-muted">
                {t('adminLabel')} · {adminName}
              </p>
            </div>
          </div>
          <Button
            variant="secondary"
            className="md:hidden"
            aria-expanded={open}
            aria-controls="admin-nav"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" className="size-4" /> : <Menu aria-hidden="true" className="size-4" />}
            {open ? t('closeMenu') : t('openMenu')}
          </Button>
        </div>
        <nav
          id="admin-nav"
          aria-label={t('label')}
          className={cn(
            'max-h-[calc(100vh-4.5rem)] overflow-y-auto border-t border-line px-2 pb-3 md:flex md:max-h-none md:flex-1 md:flex-col md:border-t-0',
            open ? 'block' : 'hidden',
          )}
        >
          {NAV.map((group, i) => (
            <ul key={i} className={cn('flex flex-col gap-0.5 py-2', i > 0 && 'border-t border-line')}>
              {group.map((item) => {
                const Icon = item.icon;
                const here = current(item.href);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={() => setOpen(false)}
                      aria-current={here ? 'page' : undefined}
                      className={cn(
                        'flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium md:min-h-10',
                        here ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-brand-soft',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {t(item.key)}
                      {item.key === 'tickets' && openTickets > 0 ? (
                        <span className={cn('ml-auto rounded-full px-2 py-0.5 text-xs font-semibold', here ? 'bg-brand-ink text-brand' : 'bg-danger text-on-fill')} data-open-tickets>
                          <span aria-hidden="true">{openTickets}</span>
                          <span className="sr-only">{t('openTickets', { count: openTickets })}</span>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          ))}
          <div className="mt-auto flex flex-col gap-1 border-t border-line pt-3">
            <Button asChild variant="ghost" className="justify-start">
              <Link href="/" data-admin-site-link>
                <ExternalLink aria-hidden="true" className="size-4" />
                {t('viewSite')}
              </Link>
            </Button>
            <Button variant="ghost" className="justify-start text-danger" onClick={logout} loading={busy}>
              {busy ? null : <LogOut aria-hidden="true" className="size-4" />}
              {t('logout')}
            </Button>
          </div>
        </nav>
      </aside>
      <div className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <div className="mx-auto max-w-7xl">{children}</div>
      </div>
    </div>
  );
}
