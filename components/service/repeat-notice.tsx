'use client';

import { useTranslations } from 'next-intl';
import { AlertTriangle, CircleX, LogIn, PencilLine, Repeat2, UserX } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { RepeatState } from './use-repeat';

/**
 * Above the form while an order is being repeated (issue #36 item 4): which order, what was filled
 * in, the profiles that cannot act now (named with why, never ticked or replaced), the package's
 * cap when it ticked fewer, and, while the target is the order's own and some profiles already
 * acted on it, that a send there would be refused, with one tap to a new target. An order that is
 * not the customer's is said as such, and nothing is filled in.
 */
export function RepeatNotice({ state, service, sameTargetDone, onNewTarget }: { state: RepeatState; service: string; sameTargetDone: number; onNewTarget: () => void }) {
  const t = useTranslations('Repeat');
  const ts = useTranslations('Services');
  if (state.kind === 'none') return null;
  if (state.kind === 'loading') {
    return (
      <Card className="flex items-start gap-2 p-3 text-sm text-muted" role="status" data-repeat="loading">
        <Repeat2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{t('loading', { number: state.number })}</p>
      </Card>
    );
  }
  if (state.kind === 'login') {
    return (
      <Card className="flex flex-wrap items-center gap-2 border-brand bg-brand-soft p-3 text-sm" data-repeat="login">
        <Repeat2 aria-hidden="true" className="size-4 shrink-0 text-brand" />
        <p className="min-w-0 flex-1">{t('loginRequired', { number: state.number })}</p>
        <Button asChild variant="secondary">
          <Link href={`/login?next=${encodeURIComponent(`/service/${service}?repeat=${state.number.replace(/^#/, '')}`)}`}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('login')}
          </Link>
        </Button>
      </Card>
    );
  }
  if (state.kind === 'notFound' || state.kind === 'error') {
    return (
      <Card className="flex items-start gap-2 border-danger/40 p-3 text-sm" role="alert" data-repeat={state.kind === 'notFound' ? 'not-found' : 'error'}>
        <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <p>{t(state.kind === 'notFound' ? 'notFound' : 'loadError', { number: state.number })}</p>
      </Card>
    );
  }
  if (state.kind === 'otherService') {
    const name = ts.has(state.service) ? ts(state.service) : state.service;
    return (
      <Card className="flex flex-wrap items-center gap-2 border-warning/40 p-3 text-sm" role="alert" data-repeat="other-service">
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1">{t('otherService', { number: state.number, service: name })}</p>
        <Button asChild variant="secondary">
          <Link href={`/service/${state.service}?repeat=${state.number.replace(/^#/, '')}`}>{t('openService', { service: name })}</Link>
        </Button>
      </Card>
    );
  }
  const { draft, ticked, unavailable, capped } = state;
  return (
    <Card className="space-y-2 border-brand bg-brand-soft p-3 text-sm" data-repeat="ready" data-repeat-order={draft.order_number}>
      <p className="flex items-start gap-2 font-semibold">
        <Repeat2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {t('title', { number: state.number })}
      </p>
      <p>{t('intro')}</p>
      {sameTargetDone > 0 ? (
        <div className="flex flex-col gap-2 rounded-control border border-warning/40 bg-card p-2 sm:flex-row sm:items-center" data-repeat-same-target>
          <p className="flex min-w-0 flex-1 items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>{t('sameTarget', { count: sameTargetDone })}</span>
          </p>
          <Button type="button" variant="secondary" onClick={onNewTarget} className="w-full sm:w-auto" data-repeat-new-target>
            <PencilLine aria-hidden="true" className="size-4" />
            {t('newTarget')}
          </Button>
        </div>
      ) : null}
      {capped !== null ? <p data-repeat-capped>{t('capped', { limit: capped })}</p> : null}
      {unavailable.length > 0 ? (
        <div data-repeat-unavailable>
          <p>{ticked.length === 0 ? t('noneAvailable') : t('unavailable', { count: unavailable.length })}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {unavailable.map((p) => (
              <li key={p.id} data-repeat-profile={p.id} data-state={p.state}>
                <Badge tone={p.state === 'gone' || p.state === 'inactive' ? 'neutral' : 'warning'} icon={UserX} className="max-w-full whitespace-normal">
                  <span className="wrap-anywhere">{p.username ? `@${p.username}` : `#${p.id}`}</span>
                  <span>· {t(`state.${p.state === 'active' ? 'inactive' : p.state}`)}</span>
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
