import { getFormatter, getTranslations } from 'next-intl/server';
import { INTEGRITY_KINDS, type IntegrityKind } from '@/lib/domain/integrity';
import { cn } from '@/lib/infra/utils/cn';

export type IntegrityView = {
  ok: boolean;
  at: string;
  checked: Record<string, number>;
  discrepancies: { kind: string; id: string; detail: string }[];
};

const isKind = (k: string): k is IntegrityKind => (INTEGRITY_KINDS as readonly string[]).includes(k);

/**
 * The dashboard's integrity card (issue #17): the last scheduled check (lib/domain/integrity), when it
 * ran, what it looked at and each discrepancy it found (the first 20 listed).
 */
export async function IntegrityCard({ result }: { result: IntegrityView | null }) {
  const t = await getTranslations('Admin.integrity');
  const format = await getFormatter();
  return (
    <section aria-labelledby="integrity-title" className="mt-8 rounded-lg bg-card p-4 shadow-sm" data-integrity={result ? (result.ok ? 'ok' : 'failed') : 'never'}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="integrity-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        {result ? (
          <span className={cn('rounded-full border bg-card px-2 py-0.5 text-xs font-semibold', result.ok ? 'border-success text-success' : 'border-danger text-danger')}>
            {result.ok ? t('ok') : t('failed', { count: result.discrepancies.length })}
          </span>
        ) : null}
      </div>
      {result ? (
        <>
          <p className="mt-1 text-sm text-muted">
            {t('ranAt', { at: format.dateTime(new Date(result.at), { dateStyle: 'short', timeStyle: 'short' }) })}{' '}
            {t('checked', { users: result.checked.users ?? 0, orders: result.checked.orders ?? 0, payments: result.checked.payments ?? 0 })}
          </p>
          {result.discrepancies.length > 0 ? (
            <ul className="mt-3 space-y-1 text-sm">
              {result.discrepancies.slice(0, 20).map((d, i) => (
                <li key={i} className="break-words">
                  <span className="font-medium text-danger">{isKind(d.kind) ? t(`kinds.${d.kind}`) : d.kind}</span> · <span className="font-mono text-xs">{d.id}</span> · {d.detail}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">{t('never')}</p>
      )}
    </section>
  );
}
