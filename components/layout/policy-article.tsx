import { getTranslations } from 'next-intl/server';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getFormat } from '@/components/ui/get-format';
import { Link } from '@/lib/i18n/navigation';
import { POLICY_LINKS } from './links';
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

/** A static policy page (§2) with a close button to /. */
export async function PolicyArticle({ policy, siteName }: { policy: PolicyKey; siteName: string }) {
  const t = await getTranslations('Policies');
  const format = await getFormat();
  return (
    <article aria-labelledby="policy-title" className={cardVariants('mx-auto max-w-3xl p-5 sm:p-8')} data-policy={policy}>
      <div className="flex items-start justify-between gap-4">
        <h1 id="policy-title" className="text-2xl font-bold sm:text-3xl">
          {t(`${policy}.title`)}
        </h1>
        <Button asChild variant="ghost" size="icon" className="shrink-0 text-muted hover:text-ink">
          <Link href="/" aria-label={t('close')}>
            <X aria-hidden="true" className="size-5" />
          </Link>
        </Button>
      </div>
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
      <nav aria-label={t('navLabel')} className="mt-8 border-t border-line pt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {POLICY_LINKS.filter((l) => l.key !== policy).map((l) => (
            <li key={l.key}>
              <Link href={l.href} className="text-brand underline">
                {t(`${l.key}.title`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
