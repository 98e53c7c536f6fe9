import { getTranslations } from 'next-intl/server';
import { ShieldCheck } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { createFormat } from '@/lib/infra/format';
import type { Guarantee } from '@/lib/domain/verification';

/** Minutes as the largest whole unit the message catalogue words: days, hours or minutes. */
function durationKey(minutes: number): { key: 'days' | 'hours' | 'minutes'; n: number } {
  if (minutes > 0 && minutes % 1440 === 0) return { key: 'days', n: minutes / 1440 };
  if (minutes > 0 && minutes % 60 === 0) return { key: 'hours', n: minutes / 60 };
  return { key: 'minutes', n: minutes };
}

/**
 * Issue #38 item 5: the guarantee in words, on /pricing and /terms — what is re-checked, when (the
 * site setting verify_after_minutes), what happens to an undone action (redo by the same profile,
 * else another, else the charge back) and the kept rates the status page shows.
 */
export async function GuaranteeSection({ guarantee, locale, headingLevel = 2 }: { guarantee: Guarantee; locale: string; headingLevel?: 2 | 3 }) {
  const t = await getTranslations({ locale, namespace: 'Guarantee' });
  const tp = await getTranslations({ locale, namespace: 'Platforms' });
  const ts = await getTranslations({ locale, namespace: 'Services' });
  const format = createFormat(locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const duration = (m: number) => {
    const d = durationKey(m);
    return t(`after.${d.key}`, { n: d.n });
  };
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(guarantee.afterMinutes.map(duration));
  const longest = guarantee.afterMinutes.at(-1);
  const pct = (share: number | null) => (share === null ? '–' : format.percent(share));
  return (
    <section aria-labelledby="guarantee-title" className="mt-8 rounded-lg border border-line bg-card p-4 sm:p-6" data-guarantee>
      <Heading id="guarantee-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-brand" />
        {t('title')}
      </Heading>
      {guarantee.afterMinutes.length === 0 || longest === undefined ? (
        <p className="mt-2 leading-relaxed" data-guarantee-times="off">
          {t('off')}
        </p>
      ) : (
        <p className="mt-2 leading-relaxed" data-guarantee-times={guarantee.afterMinutes.join(',')}>
          {t('checked', { times: list, longest: duration(longest) })}
        </p>
      )}
      <p className="mt-2 leading-relaxed">{t('undone')}</p>
      <ol className="mt-2 list-decimal space-y-1 ps-6 leading-relaxed">
        <li>{t('steps.same')}</li>
        <li>{t('steps.other')}</li>
        <li>{t('steps.refund')}</li>
      </ol>
      <p className="mt-2 leading-relaxed">{t('once')}</p>
      <h3 className="mt-4 font-semibold">{t('figuresTitle')}</h3>
      {guarantee.services.length === 0 ? (
        <p className="mt-1 text-muted" data-guarantee-figures="none">
          {t('figuresNone')}
        </p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" data-guarantee-figures={guarantee.services.length}>
          {guarantee.services.map((s) => (
            <li key={`${s.platform}|${s.service}`} className="flex flex-wrap justify-between gap-x-3" data-guarantee-service={`${s.platform}|${s.service}`}>
              <span>
                {tp(s.platform as never)} · {ts(s.service as never)}
              </span>
              <span className="tabular-nums">{t('figure', { d7: pct(s.d7), d30: pct(s.d30) })}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link href="/status" className="inline-flex min-h-11 items-center underline hover:text-ink" data-guarantee-status-link>
          {t('statusLink')}
        </Link>
      </p>
    </section>
  );
}
