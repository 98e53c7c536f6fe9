'use client';

import { ExternalLink, Repeat2, RotateCcw, ShieldCheck } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { fetchOperation } from './panel-api';
import { orderNumberText } from '@/lib/infra/format';
import type { MakeGood, OperationResults } from './statistics-types';
import { useFormat } from '@/components/ui/use-format';
import { parseDollars } from '@/lib/infra/money';

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
  const goods = new Map((data.make_goods ?? []).map((g) => [String(g.profile_id), g]));
  return (
    <div className="space-y-3">
      <p className="font-medium" data-testid="results-summary">
        {t('resultsSummary', { success: data.success_count, total: data.total_count })}
      </p>
      {/* Issue #38 item 3: the order's kept share, once a re-check has answered. */}
      {data.kept && data.kept.checked > 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted" data-testid="results-kept">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          {t('keptSummary', { kept: data.kept.kept, checked: data.kept.checked })}
        </p>
      ) : null}
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
                {goods.has(String(r.profile_id)) ? <MadeGood good={goods.get(String(r.profile_id))!} /> : null}
              </div>
              <StatusBadge kind="profile" status={r.result} label={r.result === 'success' || r.result === 'failed' || r.result === 'pending' ? t(`result.${r.result}`) : undefined} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Issue #38 item 2: an action found undone, and how it was made good (once). */
function MadeGood({ good }: { good: MakeGood }) {
  const t = useTranslations('Panel.statistics.makeGood');
  const format = useFormat();
  const cents = parseDollars(good.refund) ?? 0;
  const outcome =
    good.state === 'redone'
      ? t('redone', { by: good.by_username ?? '' })
      : good.state === 'redoing'
        ? t('redoing', { by: good.by_username ?? '' })
        : good.state === 'open'
          ? t('open')
          : cents > 0
            ? t('refunded', { refund: format.money(cents) })
            : good.usage_returned
              ? t('usage')
              : t('none');
  return (
    <p className="mt-1 flex items-start gap-2 text-muted" data-make-good={good.state}>
      <RotateCcw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="wrap-anywhere">
        {t('undone', { day: good.undone_day })} · {outcome}
      </span>
    </p>
  );
}
