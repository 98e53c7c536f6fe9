import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/link';
import { addressLines, hasCompanyDetails, SupportEmailLink, type CompanyDetails } from './company-details';
import { HelpDrawer } from './help-drawer';
import { LanguagePicker } from './language-picker';
import { IMPRINT_LINK, POLICY_LINKS } from './links';
import { PolicyMenu } from './policy-menu';

/**
 * The footer (§2): help drawer, Menu dropdown with the policy pages, language picker. The policy
 * links and the imprint are also plain links, so search engines and people without scripts reach
 * them. The company details the admin has set (issue #32 "Who we are") are shown above them; the
 * layout reads them with the request (app/_lib/request-data.ts): components never open the database.
 */
export async function SiteFooter({ siteName, company: settings }: { siteName: string; company: CompanyDetails }) {
  const t = await getTranslations();
  return (
    <footer className="mt-12 border-t border-line bg-card" data-site-footer>
      <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-2 px-gutter py-3 text-sm">
        <HelpDrawer siteName={siteName} />
        <div className="flex items-center gap-1">
          <PolicyMenu />
          <Suspense fallback={null}>
            <LanguagePicker />
          </Suspense>
        </div>
      </div>
      <div className="mx-auto max-w-page border-t border-line px-gutter py-4 text-sm text-muted">
        <p>
          {t('Footer.tagline')} <Link href="/pricing" className="underline hover:text-ink">{t('Pricing.nav')}</Link> ·{' '}
          <Link href="/status" className="underline hover:text-ink">
            {t('StatusPage.nav')}
          </Link>
        </p>
        {hasCompanyDetails(settings) ? <FooterCompany company={settings} t={t} /> : null}
        <nav aria-label={t('Footer.policyLinksLabel')} className="mt-2">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {[...POLICY_LINKS, IMPRINT_LINK].map((link) => (
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

type Translate = Awaited<ReturnType<typeof getTranslations>>;

/** Legal name, address lines, registration / VAT number and support address: only those set. */
function FooterCompany({ company, t }: { company: CompanyDetails; t: Translate }) {
  const lines = addressLines(company.sirket_adresi);
  const email = company.destek_eposta;
  return (
    <address className="mt-2 break-words not-italic" data-company-details>
      {company.sirket_unvani ? <span className="block font-medium text-ink">{company.sirket_unvani}</span> : null}
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
      {company.sirket_sicil_no ? <span className="block">{t('Policies.imprint.footerRegistration', { value: company.sirket_sicil_no })}</span> : null}
      {email ? (
        <span className="block">
          {t.rich('Policies.imprint.footerSupport', {
            email,
            link: (chunks) => (
              <SupportEmailLink email={email} className="inline-flex min-h-6 items-center wrap-anywhere underline hover:text-ink">
                {chunks}
              </SupportEmailLink>
            ),
          })}
        </span>
      ) : null}
    </address>
  );
}
