'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { OrderResultsDialog } from './order-results-dialog';
import { fetchTransactions } from './panel-api';
import { StatusBadge } from './status-badge';
import { INITIAL_ROWS, MORE_ROWS, type PanelTransaction, type TransactionPage } from './statistics-types';

/** The text of a new tweet kept in `notlar` (§3), shown when an order has no target URL. */
function noteText(notlar: string | null): string | null {
  if (!notlar) return null;
  try {
    const parsed = JSON.parse(notlar) as { tweet_text?: unknown };
    return typeof parsed.tweet_text === 'string' ? parsed.tweet_text : notlar;
  } catch {
    return notlar;
  }
}

/**
 * A platform's transactions (§2 statistics, §9), all its services together, newest first: the
 * server gives the first 20, two rows are shown, "load more" shows five more and fetches the
 * next 20 with the cursor once the loaded rows run out.
 */
export function TransactionList({ platform, initial }: { platform: string; initial: TransactionPage }) {
  const t = useTranslations('Panel.statistics');
  const ts = useTranslations('Services');
  const format = useFormatter();
  const locale = useLocale();
  const [rows, setRows] = useState<PanelTransaction[]>(initial.transactions);
  const [cursor, setCursor] = useState<string | null>(initial.next_cursor);
  const [shown, setShown] = useState(INITIAL_ROWS);
  const [busy, setBusy] = useState(false);

  const visible = rows.slice(0, shown);
  const canShowMore = shown < rows.length || cursor !== null;
  const headingId = 'transactions-title';

  async function loadMore() {
    if (busy) return;
    const want = shown + MORE_ROWS;
    if (want > rows.length && cursor) {
      setBusy(true);
      try {
        const next = await fetchTransactions(platform, locale, cursor);
        setRows((r) => [...r, ...next.transactions]);
        setCursor(next.next_cursor);
      } catch (err) {
        toast.error(err instanceof Error && err.message ? err.message : t('loadError'));
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    setShown(want);
  }

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line bg-card p-4" data-testid="transactions">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('transactionsTitle')}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('transactionsEmpty')}</p>
      ) : (
        <>
          <div className="mt-2 overflow-x-auto" role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className="w-full min-w-[42rem] text-left text-sm">
              <thead className="text-muted">
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('colDate')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('colService')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('colTarget')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('colProfiles')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('colStatus')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('colSpent')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('colDetails')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {visible.map((row) => {
                  const note = row.hedef_url ? null : noteText(row.notlar);
                  return (
                    <tr key={row.id} className="border-b border-line last:border-0" data-testid="transaction-row">
                      <td className="py-2 pr-3 whitespace-nowrap">
                        <time dateTime={row.created_at}>{when(row.created_at)}</time>
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap">{ts.has(row.service) ? ts(row.service) : row.service}</td>
                      <td className="max-w-[16rem] py-2 pr-3">
                        {row.hedef_url ? (
                          <a href={row.hedef_url} target="_blank" rel="noopener noreferrer nofollow" className="block truncate text-brand underline-offset-2 hover:underline">
                            {row.hedef_url}
                          </a>
                        ) : (
                          <span className="block truncate">{note ?? t('noTarget')}</span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{format.number(row.profil_sayisi)}</td>
                      <td className="py-2 pr-3">
                        <StatusBadge durum={row.durum} />
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{format.number(row.bakiye_harcanan, { style: 'currency', currency: 'USD' })}</td>
                      <td className="py-1">
                        <OrderResultsDialog taskId={row.id} label={t('detailsLabel', { date: when(row.created_at) })} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {canShowMore ? (
            <button
              type="button"
              onClick={loadMore}
              disabled={busy}
              aria-busy={busy}
              className="mt-3 inline-flex min-h-11 items-center rounded border border-line px-4 text-sm font-medium hover:bg-brand-soft disabled:opacity-60"
            >
              {t('loadMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
