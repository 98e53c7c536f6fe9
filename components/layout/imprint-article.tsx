import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { addressLines, hasCompanyDetails, SupportEmailLink, type CompanyDetails } from './company-details';
import { LegalHeading, LegalNav, legalCardClass } from './policy-article';

/**
 * /imprint (issue #32 "Who we are"): the site's name and whichever company details the admin has
 * set, or a sentence saying they are not published yet.
 */
export async function ImprintArticle({ siteName, company }: { siteName: string; company: CompanyDetails }) {
  const t = await getTranslations('Policies.imprint');
  const lines = addressLines(company.sirket_adresi);
  return (
    <article aria-labelledby="policy-title" className={legalCardClass} data-imprint>
      <LegalHeading title={t('title')} />
      <p className="mt-4 leading-relaxed">{t('intro', { site: siteName })}</p>
      <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
        <Row label={t('siteName')}>{siteName}</Row>
        {company.sirket_unvani ? <Row label={t('legalName')}>{company.sirket_unvani}</Row> : null}
        {lines.length ? (
          <Row label={t('address')}>
            <address className="not-italic">
              {lines.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Row>
        ) : null}
        {company.sirket_sicil_no ? <Row label={t('registrationNumber')}>{company.sirket_sicil_no}</Row> : null}
        {company.destek_eposta ? (
          <Row label={t('supportEmail')}>
            <SupportEmailLink email={company.destek_eposta} className="wrap-anywhere text-brand underline" />
          </Row>
        ) : null}
      </dl>
      {hasCompanyDetails(company) ? null : (
        <p className="mt-6 rounded-md border border-line p-4 leading-relaxed" data-imprint-empty>
          {t('notSet')}
        </p>
      )}
      <LegalNav current="imprint" />
    </article>
  );
}

/** One term and its value; on a phone the value goes under its label. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
