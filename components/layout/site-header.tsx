import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { Button } from '@/components/ui/button';
import { Brand } from './brand';
import type { Platform } from '@/lib/catalogue/services';
import { HeaderNav } from './header-nav';
import { HeaderShell } from './header-shell';
import { LogoutButton } from './logout-button';
import { NotificationBell } from './notification-bell';
import { PanelTabs } from './panel-tabs';

type Props = {
  platforms: Platform[];
  /** The signed-in user (from getSessionUser()), or null for a visitor. */
  user: { adSoyad: string } | null;
  /** A bearer token of the session for the notification bell's socket (issue #18). */
  socketToken?: string | null;
  siteName: string;
  logo?: string;
};

/**
 * The header (§2): Login/Register for visitors, Panel/Logout (and the panel tabs inside the panel)
 * for users; platform tabs of active platforms and the service strip. Hidden on /rooting and
 * /admin-login; only the title on the password and policy pages.
 */
export async function SiteHeader({ platforms, user, siteName, logo, socketToken = null }: Props) {
  const t = await getTranslations('Header');
  const title = (
    <Link href="/" className="inline-flex min-h-11 items-center rounded-md" aria-label={`${siteName} – ${t('homeLabel')}`}>
      <Brand siteName={siteName} logo={logo} />
    </Link>
  );

  const full = (
    <header className="border-b border-line bg-card" data-site-header>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        {title}
        <nav aria-label={t('accountLabel')} className="flex items-center gap-2 text-sm">
          {user ? (
            <>
              <NotificationBell socketToken={socketToken} />
              {/* Panel is where a customer goes; logging out is the quiet action (issue #15). */}
              <Button asChild>
                <Link href="/panel">{t('panel')}</Link>
              </Button>
              <LogoutButton />
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link href="/login">{t('login')}</Link>
              </Button>
              <Button asChild>
                <Link href="/login?tab=register">{t('register')}</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
      {user ? <PanelTabs /> : null}
      <HeaderNav platforms={platforms} />
    </header>
  );

  const titleOnly = (
    <header className="border-b border-line bg-card" data-site-header data-title-only>
      <div className="mx-auto flex max-w-5xl items-center px-4 py-2">{title}</div>
    </header>
  );

  return <HeaderShell full={full} titleOnly={titleOnly} />;
}
