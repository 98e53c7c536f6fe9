'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { AlertTriangle, Info, Plus, Wallet } from 'lucide-react';
import type { Platform } from '@/lib/domain/catalogue/services';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { LimitView, PerActionView, Viewer } from './types';
import type { TweetQuote } from './use-price-quote';

/**
 * What the page tells the viewer before the form (§2, §8): visitor mode, no package for this
 * platform (named), or the package's daily and profile limits and the time to reset. Admins and
 * unlimited packages see nothing.
 */
export function AccountNotice({
  viewer,
  platform,
  limits,
  cap,
  used,
  perAction = null,
}: {
  viewer: Viewer;
  platform: Platform;
  limits: LimitView | null;
  cap: number | null;
  used: number;
  /** Issue #33 item 7: the service's price per action when pay-per-action is on. */
  perAction?: PerActionView | null;
}) {
  const t = useTranslations('ServicePage');
  const format = useFormatter();
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  if (!viewer.loggedIn) {
    return (
      <Card className="flex items-start gap-2 border-brand bg-brand-soft p-3 text-sm" data-visitor-notice>
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        <p>
          {t('visitorNotice')}{' '}
          <Link href="/login" className="font-semibold text-brand underline">
            {t('visitorLogin')}
          </Link>
        </p>
      </Card>
    );
  }
  if (viewer.isAdmin) return null;
  if (!limits && perAction) {
    // No package, but the service can be ordered per action from the balance (issue #33 item 7).
    return (
      <Card className="flex items-start gap-2 border-brand bg-brand-soft p-3 text-sm" data-pay-per-action-notice>
        <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        <p>
          {t('payPerActionNoPackage', { platform, price: money(perAction.priceCents), max: perAction.maxProfiles })}{' '}
          <Link href="/panel/subscription" className="font-semibold text-brand underline">
            {t('buyPackage')}
          </Link>
        </p>
      </Card>
    );
  }
  if (!limits) {
    return (
      <Card className="flex items-start gap-2 border-warning p-3 text-sm" data-not-allowed>
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <p>
          {t('notAllowed', { platform })}{' '}
          <Link href="/panel/subscription" className="font-semibold text-brand underline">
            {t('buyPackage')}
          </Link>
        </p>
      </Card>
    );
  }
  if (limits.sinirsiz) return null;
  return (
    <Card className="p-3 text-sm" data-limits>
      {limits.gunluk_limit !== null ? <p data-daily-limit>{t('dailyLimit', { used, limit: limits.gunluk_limit })}</p> : null}
      {perAction && limits.gunluk_limit !== null && used >= limits.gunluk_limit ? (
        <p className="font-medium" data-pay-per-action-notice>
          {t('payPerActionPastLimit', { price: money(perAction.priceCents) })}
        </p>
      ) : null}
      {cap !== null ? <p>{t('profileLimit', { limit: cap })}</p> : null}
      <p className="text-muted">{t('resetIn', { hours: limits.reset_suresi.saat, minutes: limits.reset_suresi.dakika })}</p>
    </Card>
  );
}

/**
 * The new-tweet page's money line (§2): the server's price of the selection, the balance with the
 * add-balance button, and, given the quote when it exceeds the balance, the insufficient-balance
 * warning with both amounts as the server quoted them.
 */
export function NewTweetPrice({ priceCents, balanceCents, quote, onAddBalance }: { priceCents: number | null; balanceCents: number | null; quote: TweetQuote | null; onAddBalance: () => void }) {
  const t = useTranslations('ServicePage');
  const format = useFormatter();
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  return (
    <div className="space-y-2 rounded-md bg-surface p-3 text-sm" data-new-tweet-price>
      <p>
        <span className="font-medium">{t('priceLabel')}: </span>
        {priceCents !== null ? <span data-price>{money(priceCents)}</span> : <Skeleton className="inline-block h-4 w-16 align-middle" />}
      </p>
      <p className="text-xs text-muted">{t('priceHint')}</p>
      <BalanceRow balance={balanceCents !== null ? money(balanceCents) : null} onAddBalance={onAddBalance} />
      {quote ? (
        <p role="alert" className="flex items-start gap-1.5 font-medium text-danger" data-insufficient>
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('insufficient', { required: money(quote.totalCents), current: money(quote.balanceCents) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Issue #33 item 7: the money line of an order that will be paid per action: the price per
 * profile, the total for the ticked profiles, the balance and the balance after, with the
 * add-balance button; when the total exceeds the balance, the insufficient-balance warning (and
 * the send stays off). The server charges the same price × profiles in the send.
 */
export function PerActionPrice({
  priceCents,
  count,
  balanceCents,
  onAddBalance,
}: {
  priceCents: number;
  count: number;
  balanceCents: number | null;
  onAddBalance: () => void;
}) {
  const t = useTranslations('ServicePage');
  const format = useFormatter();
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  const total = priceCents * count;
  const after = balanceCents === null ? null : balanceCents - total;
  return (
    <div className="space-y-2 rounded-md bg-surface p-3 text-sm" data-per-action-price>
      <p>
        <span className="font-medium">{t('perActionLabel')}: </span>
        <span data-unit-price>{t('perActionValue', { price: money(priceCents) })}</span>
      </p>
      <p>
        <span className="font-medium">{t('perActionTotal', { count })}: </span>
        <span data-total>{money(total)}</span>
      </p>
      <BalanceRow balance={balanceCents !== null ? money(balanceCents) : null} onAddBalance={onAddBalance} />
      <p data-balance-after>
        <span className="font-medium">{t('balanceAfter')}: </span>
        {after !== null ? <span className={after < 0 ? 'font-semibold text-danger' : undefined}>{money(after)}</span> : <Skeleton className="inline-block h-4 w-16 align-middle" />}
      </p>
      {after !== null && after < 0 ? (
        <p role="alert" className="flex items-start gap-1.5 font-medium text-danger" data-insufficient>
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('insufficient', { required: money(total), current: money(balanceCents!) })}
        </p>
      ) : null}
    </div>
  );
}

/** The balance with its add-balance button, under a price (new tweets, pay per action). */
function BalanceRow({ balance, onAddBalance }: { balance: string | null; onAddBalance: () => void }) {
  const t = useTranslations('ServicePage');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="flex items-center gap-1.5" data-balance>
        <Wallet aria-hidden="true" className="size-4 text-muted" />
        {t('balance', { amount: balance ?? '…' })}
      </p>
      <Button variant="outline" onClick={onAddBalance}>
        <Plus aria-hidden="true" className="size-4" />
        {t('addBalance')}
      </Button>
    </div>
  );
}
