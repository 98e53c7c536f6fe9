import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { HelpDrawer } from './help-drawer';
import { LanguagePicker } from './language-picker';
import { POLICY_LINKS } from './links';
import { PolicyMenu } from './policy-menu';

/**
 * The footer (§2): help drawer, Menu dropdown with the policy pages, language picker. The policy
 * links are also plain links, so search engines and people without scripts reach them.
 */
export async function SiteFooter({ siteName }: { siteName: string }) {
  const t = await getTranslations();
  return (
    <footer className="mt-12 border-t border-line bg-card" data-site-footer>
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
        <HelpDrawer siteName={siteName} />
        <div className="flex items-center gap-1">
          <PolicyMenu />
          <Suspense fallback={null}>
            <LanguagePicker />
          </Suspense>
        </div>
      </div>
      <div className="mx-auto max-w-5xl border-t border-line px-4 py-4 text-sm text-muted">
        <p>{t('Footer.tagline')} <Link href="/pricing" className="underline hover:text-ink">{t('Pricing.nav')}</Link></p>
        <nav aria-label={t('Footer.policyLinksLabel')} className="mt-2">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {POLICY_LINKS.map((link) => (
              <li key={link.key}>
                <Link href={link.href} className="inline-flex min-h-6 items-center underline hover:text-ink">
                  {t(`Policies.${link.key}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-2">{t('Footer.rights', { year: new Date().getFullYear(), site: siteName })}</p>
      </div>
    </footer>
  );
}
