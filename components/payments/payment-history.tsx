import { Receipt } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { getFormat } from '@/components/ui/get-format';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/components/ui/link';
import { formatUsd } from '@/lib/infra/money';
import type { PaymentView } from '@/lib/domain/payments';

const STATUS_TONE: Record<string, BadgeTone> = { succeeded: 'success', failed: 'danger', canceled: 'neutral' };

/**
 * The customer's payments on /panel/subscription (§2, §4), each paid one with a link to its
 * receipt: a table from `md` up, and below it one card per payment with its facts as label–value
 * pairs and the receipt as a full-width 44 px button (issue #32 item 9: five columns do not fit a
 * 390 px phone).
 */
export async function PaymentHistory({ payments, labelledBy }: { payments: PaymentView[]; /** The id of the section's heading, naming the list. */ labelledBy: string }) {
  const t = await getTranslations('Payments.subscription');
  const tp = await getTranslations('Platforms');
  const format = await getFormat();
  const locale = await getLocale();

  if (payments.length === 0) return <EmptyState icon={Receipt} title={t('noPayments')} className="bg-card" />;

  const item = (p: PaymentView) => (p.tur === 'balance' ? t('itemBalance') : t('itemPackage', { name: p.gorunen_paket_adi ?? p.paket_adi ?? '', platforms: p.platformlar.map((x) => tp(x)).join(', ') }));
  const status = (p: PaymentView) => <Badge tone={STATUS_TONE[p.durum] ?? 'pending'}>{t(`status.${p.durum}`)}</Badge>;
  const receiptHref = (p: PaymentView) => `/panel/subscription/receipts/${p.id}`;

  return (
    <>
      <Card className="hidden overflow-x-auto md:block" data-payments-table>
        <table className="w-full text-left text-sm" aria-labelledby={labelledBy}>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className="px-3 py-2">{t('colDate')}</th>
              <th scope="col" className="px-3 py-2">{t('colItem')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('colAmount')}</th>
              <th scope="col" className="px-3 py-2">{t('colStatus')}</th>
              <th scope="col" className="px-3 py-2">{t('colReceipt')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id} className="border-t border-line">
                <td className="whitespace-nowrap px-3 py-2">{format.dateTime(p.created_at)}</td>
                <td className="px-3 py-2">{item(p)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums">{formatUsd(p.amountCents, locale)}</td>
                <td className="px-3 py-2">{status(p)}</td>
                <td className="px-3 py-2">
                  {p.durum === 'succeeded' ? (
                    <Link href={receiptHref(p)} className="text-brand underline">
                      {t('showReceipt')}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="flex flex-col gap-3 md:hidden" aria-labelledby={labelledBy} data-payments-cards>
        {payments.map((p) => (
          <li key={p.id} data-payment-card={p.id}>
            <Card className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-semibold wrap-anywhere">{item(p)}</h3>
                {status(p)}
              </div>
              <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted">{t('colDate')}</dt>
                <dd className="text-right">{format.dateTime(p.created_at)}</dd>
                <dt className="text-muted">{t('colAmount')}</dt>
                <dd className="text-right font-semibold tabular-nums">{formatUsd(p.amountCents, locale)}</dd>
              </dl>
              {p.durum === 'succeeded' ? (
                <Button asChild variant="secondary" className="mt-3 w-full">
                  <Link href={receiptHref(p)}>
                    <Receipt aria-hidden="true" className="size-4" />
                    {t('showReceipt')}
                  </Link>
                </Button>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
