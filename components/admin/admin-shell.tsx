'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { signOut } from 'next-auth/react';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils/cn';

const NAV = [
  { href: '/rooting', key: 'dashboard' },
  { href: '/rooting/users', key: 'users' },
  { href: '/rooting/packages', key: 'packages' },
  { href: '/rooting/platforms', key: 'platforms' },
  { href: '/rooting/profiles', key: 'profiles' },
  { href: '/rooting/discounts', key: 'discounts' },
  { href: '/rooting/announcements', key: 'announcements' },
  { href: '/rooting/tickets', key: 'tickets' },
  { href: '/rooting/history', key: 'history' },
  { href: '/rooting/api-keys', key: 'apiKeys' },
  { href: '/rooting/settings', key: 'settings' },
  { href: '/rooting/audit', key: 'audit' },
] as const;

/** /rooting frame (§2): a 60-unit sidebar that collapses to a menu button on small screens, the Admin label and logout. */
export function AdminShell({ adminName, children }: { adminName: string; children: ReactNode }) {
  const t = useTranslations('Admin.nav');
  const pathname = usePathname();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    await fetch('/api/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
    await signOut({ redirect: false });
    for (const key of ['admin_token', 'user_token', 'user_data']) window.localStorage.removeItem(key);
    router.replace('/admin-login');
    router.refresh();
  }

  const current = (href: string) => (href === '/rooting' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`));

  return (
    <div className="flex flex-col gap-4 md:flex-row">
      <aside className="md:w-60 md:shrink-0" aria-label={t('label')}>
        <div className="flex items-center justify-between rounded-lg bg-card p-3 shadow-sm md:block">
          <div>
            <p className="text-lg font-bold text-brand">{t('adminLabel')}</p>
            <p className="truncate text-xs text-muted">{adminName}</p>
          </div>
          <button
            type="button"
            className="min-h-11 rounded-md border border-line px-3 text-sm md:hidden"
            aria-expanded={open}
            aria-controls="admin-nav"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? t('closeMenu') : t('openMenu')}
          </button>
        </div>
        <nav id="admin-nav" aria-label={t('label')} className={cn('mt-2 rounded-lg bg-card p-2 shadow-sm md:block', open ? 'block' : 'hidden')}>
          <ul className="flex flex-col gap-1">
            {NAV.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={() => setOpen(false)}
                  aria-current={current(item.href) ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-2 text-sm font-medium',
                    current(item.href) ? 'bg-brand text-brand-ink' : 'text-ink hover:bg-brand-soft',
                  )}
                >
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
          <button type="button" onClick={logout} disabled={busy} className="mt-3 min-h-11 w-full rounded-md border border-danger px-3 text-sm font-medium text-danger hover:bg-danger hover:text-white">
            {t('logout')}
          </button>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
