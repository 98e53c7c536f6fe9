import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Brand, BrandStripe } from './brand';
import type { Platform } from '@/lib/domain/catalogue/services';
import { HeaderNav } from './header-nav';
import { HeaderShell } from './header-shell';
import { LogoutButton } from './logout-button';
import { NotificationBell } from './notification-bell';
import { PanelTabs } from './panel-tabs';
import { AccountSwitch } from './viewer-context';

type Props = {
  platforms: Platform[];
  /**
   * Who the page was rendered for: a signed-in customer, a visitor, or the signed-in app shell
   * (server/page-cache.ts), whose account menu appears once the page knows who is looking.
   */
  account: 'member' | 'visitor' | 'shell';
  siteName: string;
  logo?: string;
};

/**
 * The header (§2): Login/Register for visitors, Panel/Logout (and the panel tabs inside the panel)
 * for users; platform tabs of active platforms and the service strip. Hidden on /rooting and
 * /admin-login; only the title on the password and policy pages.
 */
export async function SiteHeader({ platforms, account, siteName, logo }: Props) {
  const t = await getTranslations('Header');
  const tPricing = await getTranslations('Pricing');
  const title = (
    <Link href="/" className="inline-flex min-h-11 items-center rounded-md" aria-label={`${siteName} – ${t('homeLabel')}`}>
      <Brand siteName={siteName} logo={logo} />
    </Link>
  );

  const memberMenu = (
    <>
      <NotificationBell />
      {/* Panel is where a customer goes; logging out is the quiet action (issue #15). */}
      <Button asChild>
        <Link href="/panel">{t('panel')}</Link>
      </Button>
      <LogoutButton />
    </>
  );
  const visitorMenu = (
    <>
      <Button asChild variant="ghost">
        <Link href="/login">{t('login')}</Link>
      </Button>
      <Button asChild>
        <Link href="/login?tab=register">{t('register')}</Link>
      </Button>
    </>
  );

  const full = (
    <header className="border-b border-line bg-card" data-site-header>
      <BrandStripe />
      <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-2 px-gutter py-2">
        {title}
        <nav aria-label={t('accountLabel')} className="flex items-center gap-2 text-sm">
          {account === 'shell' ? (
            <AccountSwitch member={memberMenu} visitor={visitorMenu} placeholder={<Skeleton className="h-11 w-40" data-account-pending />} />
          ) : account === 'member' ? (
            memberMenu
          ) : (
            visitorMenu
          )}
        </nav>
      </div>
      {account === 'shell' ? <AccountSwitch member={<PanelTabs />} visitor={null} /> : account === 'member' ? <PanelTabs /> : null}
      <HeaderNav platforms={platforms} pricingLabel={tPricing('nav')} />
    </header>
  );

  const titleOnly = (
    <header className="border-b border-line bg-card" data-site-header data-title-only>
      <BrandStripe />
      <div className="mx-auto flex max-w-page items-center px-gutter py-2">{title}</div>
    </header>
  );

  return <HeaderShell full={full} titleOnly={titleOnly} />;
}
