'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/use-format';
import { toast } from 'sonner';
import { cn } from '@/lib/infra/utils/cn';
import { OrderResultsDialog } from './order-results-dialog';
import { CancelOrderButton } from './cancel-order-button';
import { fetchTransactions } from './panel-api';
import { StatusBadge } from '@/components/ui/status-badge';
import { INITIAL_ROWS, MORE_ROWS, type PanelTransaction, type TransactionPage } from './statistics-types';
import { ChevronDown, Receipt } from 'lucide-react';
import { repeatHref } from '@/components/service/repeat-href';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';
import { RepeatLink } from './repeat-link';
import { cardVariants } from '@/components/ui/card';

/**
 * Column widths of a line on wide screens (from 1024 px): date, service, target, profiles, status,
 * spent, actions (results, repeat: fixed, so the heading row and every line share the columns).
 * The fixed columns take about 50rem, so narrower screens get a card per order, as a phone does.
 */
const GRID = 'lg:grid-cols-[9.5rem_7rem_minmax(0,1fr)_5rem_8.5rem_5.5rem_9rem] lg:gap-x-3';

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
  const format = useFormat();
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

  const when = (iso: string) => format.dateTime(iso);

  return (
    <section aria-labelledby={headingId} className={cardVariants('p-4')} data-testid="transactions">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('transactionsTitle')}
      </h2>
      {rows.length === 0 ? (
        <EmptyState icon={Receipt} title={t('transactionsEmpty')} className="mt-3" />
      ) : (
        <>
          {/* One grid for the column headings (wide screens) and the rows: a card per order on a phone, a line on wider screens. */}
          <div aria-hidden="true" className={cn(GRID, 'mt-2 hidden border-b border-line pb-2 text-sm text-muted lg:grid')}>
            <span>{t('colDate')}</span>
            <span>{t('colService')}</span>
            <span>{t('colTarget')}</span>
            <span className="text-right">{t('colProfiles')}</span>
            <span>{t('colStatus')}</span>
            <span className="text-right">{t('colSpent')}</span>
            <span />
          </div>
          <ul aria-labelledby={headingId} className="divide-y divide-line">
            {visible.map((row) => {
              const note = row.hedef_url ? null : noteText(row.notlar);
              return (
                <li key={row.id} data-testid="transaction-row" className={cn(GRID, 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-3 text-sm')}>
                  <span className="font-medium lg:order-2 lg:font-normal">
                    {/* Issue #33: the order's number, the same "#123" as the send's toast, the results and the tickets. */}
                    <span className="mr-1.5 text-muted tabular-nums" data-order-number>
                      {format.orderNumber(row.order_number)}
                    </span>
                    {ts.has(row.service) ? ts(row.service) : row.service}
                  </span>
                  <span className="flex flex-col items-end gap-1 justify-self-end lg:order-5 lg:items-start lg:justify-self-start">
                    <StatusBadge kind="order" status={row.durum} />
                    {row.durum === 'zamanlandi' ? (
                      <CancelOrderButton
                        taskId={row.id}
                        label={t('cancelLabel', { date: when(row.created_at) })}
                        onCancelled={(refunded) =>
                          setRows((rs) => rs.map((r) => (r.id === row.id ? { ...r, durum: 'iptal', bakiye_harcanan: Math.max(0, Math.round((r.bakiye_harcanan - refunded) * 100) / 100) } : r)))
                        }
                      />
                    ) : null}
                  </span>
                  <time dateTime={row.created_at} className="text-muted lg:order-1 lg:text-ink">
                    {when(row.created_at)}
                  </time>
                  <span className="justify-self-end tabular-nums lg:order-6">
                    <span className="sr-only">{t('colSpent')}: </span>
                    {format.dollars(row.bakiye_harcanan)}
                  </span>
                  <span className="min-w-0 lg:order-3">
                    {row.hedef_url ? (
                      <a href={row.hedef_url} target="_blank" rel="noopener noreferrer nofollow" className="block truncate text-brand underline-offset-2 hover:underline">
                        {row.hedef_url}
                      </a>
                    ) : (
                      <span className="block truncate">{note ?? t('noTarget')}</span>
                    )}
                  </span>
                  <span className="justify-self-end text-muted tabular-nums lg:order-4 lg:text-ink">{t('profileCount', { count: row.profil_sayisi })}</span>
                  <span className="col-span-2 flex flex-wrap items-center justify-between gap-x-2 lg:order-7 lg:col-span-1 lg:flex-col lg:items-end lg:justify-self-end">
                    <OrderResultsDialog taskId={row.id} orderNumber={row.order_number} label={t('detailsLabel', { date: when(row.created_at) })} repeatHref={repeatHref(row.service, row.order_number)} />
                    {/* Issue #36 item 4: the same service and profiles again, on the same or a new target, through the normal send. */}
                    <RepeatLink service={row.service} orderNumber={row.order_number} />
                  </span>
                </li>
              );
            })}
          </ul>
          {canShowMore ? (
            <Button variant="secondary" onClick={loadMore} disabled={busy} aria-busy={busy} className="mt-3">
              <ChevronDown aria-hidden="true" className="size-4" />
              {t('loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
