import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { Platform } from '@/lib/catalogue/services';
import { HeaderNav } from './header-nav';

/** The header (§2): platform tabs for active platforms and the service strip of the current one. */
export async function SiteHeader({ platforms }: { platforms: Platform[] }) {
  const t = await getTranslations('Header');
  const meta = await getTranslations('Meta');
  return (
    <header className="border-b border-line bg-card" data-site-header>
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand" aria-label={t('homeLabel')}>
          {meta('siteName')}
        </Link>
        <nav aria-label={t('accountLabel')} className="flex items-center gap-2 text-sm">
          <Link href="/login" className="rounded px-3 py-2 hover:bg-brand-soft">
            {t('login')}
          </Link>
          <Link href="/login?tab=register" className="rounded bg-brand px-3 py-2 text-brand-ink hover:opacity-90">
            {t('register')}
          </Link>
        </nav>
      </div>
      <HeaderNav platforms={platforms} />
    </header>
  );
}
