import { getTranslations } from 'next-intl/server';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getFormat } from '@/components/ui/get-format';
import { Link } from '@/components/ui/link';
import { SupportEmailLink } from './company-details';
import { IMPRINT_LINK, POLICY_LINKS } from './links';
import { cardVariants } from '@/components/ui/card';

export type PolicyKey = 'terms' | 'privacy' | 'cookies' | 'subscription';

/** Section keys of each policy, in reading order (messages `Policies.<policy>.sections.<key>.title|body`). */
export const POLICY_SECTIONS: Record<PolicyKey, readonly string[]> = {
  terms: ['scope', 'account', 'service', 'prohibited', 'liability', 'changes'],
  privacy: ['controller', 'data', 'purpose', 'sharing', 'retention', 'rights'],
  cookies: ['what', 'language', 'session', 'csrf', 'payment', 'control'],
  subscription: ['packages', 'renewal', 'limits', 'cancellation', 'refunds', 'balance'],
};

/** When the policy texts were last changed. */
export const POLICY_UPDATED = new Date('2026-11-01T00:00:00Z');

/** The card every legal page (the policies, the imprint) is written on. */
export const legalCardClass = cardVariants('mx-auto max-w-3xl p-5 sm:p-8');

/** A legal page's heading (`#policy-title`) with its close button to /. */
export async function LegalHeading({ title }: { title: string }) {
  const t = await getTranslations('Policies');
  return (
    <div className="flex items-start justify-between gap-4">
      <h1 id="policy-title" className="min-w-0 text-xl font-bold break-words hyphens-auto sm:text-3xl">
        {title}
      </h1>
      <Button asChild variant="ghost" size="icon" className="shrink-0 text-muted hover:text-ink">
        <Link href="/" aria-label={t('close')}>
          <X aria-hidden="true" className="size-5" />
        </Link>
      </Button>
    </div>
  );
}

/** Links to the other legal pages: every policy but the current one, and the imprint. */
export async function LegalNav({ current }: { current: PolicyKey | 'imprint' }) {
  const t = await getTranslations('Policies');
  const links = [...POLICY_LINKS, IMPRINT_LINK].filter((l) => l.key !== current);
  return (
    <nav aria-label={t('navLabel')} className="mt-8 border-t border-line pt-4">
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {links.map((l) => (
          <li key={l.key}>
            <Link href={l.href} className="text-brand underline">
              {t(`${l.key}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A static policy page (§2) with a close button to /. When the admin has set a support address
 * (issue #32), the policy names it; the page reads it with the request (app/_lib/policy-page.tsx).
 */
export async function PolicyArticle({ policy, siteName, supportEmail }: { policy: PolicyKey; siteName: string; supportEmail: string | null | undefined }) {
  const t = await getTranslations('Policies');
  const format = await getFormat();
  return (
    <article aria-labelledby="policy-title" className={legalCardClass} data-policy={policy}>
      <LegalHeading title={t(`${policy}.title`)} />
      <p className="mt-2 text-sm text-muted">{t('lastUpdated', { date: format.longDate(POLICY_UPDATED) })}</p>
      <p className="mt-4 leading-relaxed">{t(`${policy}.description`, { site: siteName })}</p>
      {POLICY_SECTIONS[policy].map((section) => (
        <section key={section} aria-labelledby={`policy-${section}`} className="mt-6">
          <h2 id={`policy-${section}`} className="text-lg font-semibold">
            {t(`${policy}.sections.${section}.title`)}
          </h2>
          <p className="mt-2 leading-relaxed">{t(`${policy}.sections.${section}.body`, { site: siteName })}</p>
        </section>
      ))}
      {supportEmail ? (
        <p className="mt-6 leading-relaxed" data-policy-contact>
          {t.rich(`${policy}.contact`, {
            email: supportEmail,
            link: (chunks) => <SupportEmailLink email={supportEmail} className="wrap-anywhere text-brand underline">{chunks}</SupportEmailLink>,
          })}
        </p>
      ) : null}
      <LegalNav current={policy} />
    </article>
  );
}
