'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import type { StuckOrder } from '@/lib/domain/reconciliation';
import { cn } from '@/lib/infra/utils/cn';
import { orderNumberText } from '@/lib/infra/format';
import { adminApi, errorText } from './admin-api';
import { Button } from '@/components/ui/button';

/**
 * The dashboard's stuck orders (issue #17): orders whose status has not moved for the site's
 * deadline, oldest first; overdue ones (past the maximum) are ended by the next reconciliation.
 * An admin ends one now (pending profiles fail and are refunded) or gives it a fresh job.
 */
export function StuckOrders({ orders }: { orders: StuckOrder[] }) {
  const t = useTranslations('Admin.stuck');
  return (
    <section aria-labelledby="stuck-title" className="mt-8" data-stuck-orders>
      <h2 id="stuck-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      {orders.length === 0 ? (
        <p className="mt-3 rounded-lg bg-card p-4 text-sm text-muted shadow-sm">{t('none')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {orders.map((o) => (
            <StuckOrderCard key={o.task_id} order={o} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StuckOrderCard({ order: o }: { order: StuckOrder }) {
  const t = useTranslations('Admin.stuck');
  const ts = useTranslations('Services');
  const tp = useTranslations('Platforms');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  // Issue #33: the order's number, as the customer and the support thread name it.
  const short = orderNumberText(o.order_number);

  async function act(kind: 'end' | 'retry') {
    setBusy(true);
    try {
      await adminApi(`/api/admin/orders/${o.task_id}/${kind}`, { method: 'POST', locale, fallback: t('failed') });
      toast.success(kind === 'end' ? t('ended', { id: short }) : t('retried', { id: short }));
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  const serviceName = ts.has(o.service as never) ? ts(o.service as never) : o.service;
  return (
    <li className="rounded-lg bg-card p-4 text-sm shadow-sm" data-stuck-order={o.task_id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium tabular-nums">{short}</span>
        <span className={cn('rounded-full border bg-card px-2 py-0.5 text-xs font-semibold', o.overdue ? 'border-danger text-danger' : 'border-warning text-warning')}>
          {o.overdue ? t('overdue') : t('waiting')}
        </span>
      </div>
      <p className="mt-2">
        {tp(o.platform as never)} · {serviceName} · {t('progress', { done: o.success_count, total: o.profile_count })}
      </p>
      <p className="mt-1 text-muted">{t('since', { at: format.dateTime(new Date(o.updated_at), { dateStyle: 'short', timeStyle: 'short' }) })}</p>
      {o.last_error ? <p className="mt-1 break-words text-muted">{o.last_error}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => act('retry')} aria-label={t('retryLabel', { id: short })}>
          {t('retry')}
        </Button>
        <Button variant="secondary" className="text-danger hover:border-danger" disabled={busy} onClick={() => act('end')} aria-label={t('endLabel', { id: short })}>
          {t('end')}
        </Button>
      </div>
    </li>
  );
}
