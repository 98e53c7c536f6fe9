'use client';

import { ExternalLink, Repeat2 } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { fetchOperation } from './panel-api';
import { orderNumberText } from '@/lib/infra/format';
import type { OperationResults } from './statistics-types';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: OperationResults };

/** A transaction row's button that opens the order's per-profile results (GET /api/operations/{task_id}). */
/** `label` tells which order the button is for (read by screen readers after the visible word). */
export function OrderResultsDialog({ taskId, orderNumber, label, repeatHref = null }: { taskId: string; orderNumber?: number; label: string; repeatHref?: string | null }) {
  const tr = useTranslations('Repeat');
  const t = useTranslations('Panel.statistics');
  const tc = useTranslations('Common');
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function load() {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', data: await fetchOperation(taskId, locale) });
    } catch {
      setState({ kind: 'error' });
    }
  }

  return (
    <Dialog onOpenChange={(open) => (open ? void load() : setState({ kind: 'idle' }))}>
      <DialogTrigger className={buttonVariants({ variant: 'link', className: 'px-3' })}>
        {t('details')}
        {/* The visible word starts the accessible name; the order's date tells the buttons apart. */}
        <span className="sr-only">{` – ${label}`}</span>
      </DialogTrigger>
      {/* Issue #33: the dialog names the order by its number, as the list and the send's toast do. */}
      <DialogContent
        title={t('resultsTitle')}
        description={orderNumber === undefined ? undefined : <span data-order-number>{t('resultsOrder', { number: orderNumberText(orderNumber) })}</span>}
        closeLabel={tc('close')}
      >
        <Body state={state} />
        {/* Issue #36 item 4: the order again, from its results. */}
        {repeatHref ? (
          <div className="mt-4 flex justify-end">
            <Button asChild variant="secondary">
              <Link href={repeatHref} data-repeat-link={orderNumber}>
                <Repeat2 aria-hidden="true" className="size-4" />
                {tr('action')}
                {orderNumber === undefined ? null : <span className="sr-only">{` – ${tr('actionLabel', { number: orderNumberText(orderNumber) })}`}</span>}
              </Link>
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Body({ state }: { state: State }) {
  const t = useTranslations('Panel.statistics');
  if (state.kind === 'loading' || state.kind === 'idle') {
    return (
      <p role="status" className="text-muted">
        {t('resultsLoading')}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <p role="alert" className="text-danger">
        {t('resultsError')}
      </p>
    );
  }
  const { data } = state;
  return (
    <div className="space-y-3">
      <p className="font-medium" data-testid="results-summary">
        {t('resultsSummary', { success: data.success_count, total: data.total_count })}
      </p>
      {data.result.length === 0 ? (
        <p className="text-muted">{t('resultsEmpty')}</p>
      ) : (
        <ul aria-label={t('resultsListLabel')} className="divide-y divide-line rounded border border-line">
          {data.result.map((r) => (
            <li key={String(r.profile_id)} className="flex items-start justify-between gap-3 px-3 py-2 text-sm" data-result-profile={r.profile_id}>
              <div className="min-w-0">
                <span className="wrap-anywhere">{r.username ? `@${r.username}` : `#${r.profile_id}`}</span>
                {/* Provider contract 1.1: what the profile posted, and where the action can be checked. */}
                {r.text ? <q className="mt-1 block break-words text-muted">{r.text}</q> : null}
                {r.proof_url ? (
                  <a
                    href={r.proof_url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className={buttonVariants({ variant: 'link', className: 'mt-1 justify-start px-0' })}
                    data-proof
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    {t('proof')}
                    <span className="sr-only">{` – ${r.username ? `@${r.username}` : `#${r.profile_id}`} (${t('opensNewTab')})`}</span>
                  </a>
                ) : null}
              </div>
              <StatusBadge kind="profile" status={r.result} label={r.result === 'success' || r.result === 'failed' || r.result === 'pending' ? t(`result.${r.result}`) : undefined} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
