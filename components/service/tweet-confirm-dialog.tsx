'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import type { TweetQuote } from './use-price-quote';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tweetText: string;
  quoteUrl: string;
  quote: TweetQuote;
  onConfirm: () => void;
};

/**
 * The new-tweet payment confirmation (§2, issue #15 "truth first"): what will be posted, by whom
 * at which follower tier and price, the total and the balance after: every amount as the server
 * quoted it (POST <send path>/quote), so what is confirmed is what is charged.
 */
export function TweetConfirmDialog({ open, onOpenChange, tweetText, quoteUrl, quote, onConfirm }: Props) {
  const t = useTranslations('ServicePage');
  const common = useTranslations('Common');
  const format = useFormatter();
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  const count = (n: number) => format.number(n);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('confirmTitle')} closeLabel={common('close')} data-tweet-confirm>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-medium text-muted">{t('tweetText')}</dt>
            <dd className="mt-1 whitespace-pre-wrap break-words rounded-md bg-surface p-3 text-ink" data-confirm-tweet>
              {tweetText}
            </dd>
          </div>
          {quoteUrl ? (
            <div>
              <dt className="font-medium text-muted">{t('quoteUrl')}</dt>
              <dd className="mt-1 wrap-anywhere" data-confirm-quote>
                {quoteUrl}
              </dd>
            </div>
          ) : null}
        </dl>
        <table className="mt-4 w-full text-sm" data-confirm-lines>
          <caption className="mb-1 text-left font-medium text-muted">{t('confirmProfiles', { count: quote.lines.length })}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('confirmProfile')}</th>
              <th scope="col">{t('priceLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((l) => (
              <tr key={l.profileId} className="border-t border-line" data-confirm-line={l.profileId}>
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  <span className="block wrap-anywhere font-medium">@{l.username.replace(/^@/, '')}</span>
                  <span className="block text-xs text-muted">
                    {l.tierMax === null
                      ? t('tierFrom', { min: count(l.tierMin) })
                      : l.tierMin === 0
                        ? t('tierUpTo', { max: count(l.tierMax) })
                        : t('tierRange', { min: count(l.tierMin), max: count(l.tierMax) })}
                  </span>
                </th>
                <td className="py-2 text-right align-top tabular-nums">{money(l.priceCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-line font-semibold">
              <th scope="row" className="py-2 text-left">
                {t('confirmTotal')}
              </th>
              <td className="py-2 text-right tabular-nums" data-confirm-total>
                {money(quote.totalCents)}
              </td>
            </tr>
            <tr className="text-muted">
              <th scope="row" className="py-1 text-left font-normal">
                {t('confirmBalance')}
              </th>
              <td className="py-1 text-right tabular-nums">{money(quote.balanceCents)}</td>
            </tr>
            <tr>
              <th scope="row" className="py-1 text-left font-medium">
                {t('confirmBalanceAfter')}
              </th>
              <td className="py-1 text-right font-medium tabular-nums" data-confirm-balance-after>
                {money(quote.balanceAfterCents)}
              </td>
            </tr>
          </tfoot>
        </table>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm} data-confirm-pay>
            {t('confirmPay')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
