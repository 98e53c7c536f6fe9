import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getFormat } from '@/components/ui/get-format';
import { getDb } from '@/db/client';
import { requirePageUser } from '@/app/_lib/page-guards';
import { Link } from '@/components/ui/link';
import { isAppError } from '@/lib/infra/errors';
import { formatUsd, getPayment, type PaymentView } from '@/lib/domain/payments';
import { cardVariants } from '@/components/ui/card';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'Payments.subscription' });
  return { title: t('receiptTitle', { id }), robots: { index: false } };
}

/** A receipt of one of the customer's own payments; anyone else's is not found. */
export default async function ReceiptPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const user = await requirePageUser(locale);
  const paymentId = Number(id);
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) notFound();
  let payment: PaymentView;
  try {
    payment = await getPayment(await getDb(), { userId: user.id, paymentId, locale });
  } catch (err) {
    if (isAppError(err) && err.status === 404) notFound();
    throw err;
  }
  const t = await getTranslations('Payments.subscription');
  const tp = await getTranslations('Platforms');
  const format = await getFormat();

  return (
    <article aria-labelledby="receipt-heading" className={cardVariants('mx-auto max-w-xl space-y-4 p-6')}>
      <h1 id="receipt-heading" className="text-2xl font-semibold">
        {t('receiptTitle', { id: payment.id })}
      </h1>
      {payment.durum !== 'succeeded' ? <p className="text-warning">{t('receiptNotPaid')}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-muted">{t('colItem')}</dt>
        <dd>
          {payment.tur === 'balance'
            ? t('itemBalance')
            : t('itemPackage', { name: payment.gorunen_paket_adi ?? '', platforms: payment.platformlar.map((x) => tp(x)).join(', ') })}
        </dd>
        {payment.indirim_kodu ? (
          <>
            <dt className="text-muted">{t('receiptDiscount')}</dt>
            <dd>
              {payment.indirim_kodu} (%{payment.indirim_yuzdesi})
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('colAmount')}</dt>
        <dd className="font-semibold">{formatUsd(payment.amountCents, locale)}</dd>
        <dt className="text-muted">{t('colStatus')}</dt>
        <dd>{t(`status.${payment.durum}`)}</dd>
        {payment.odendi_at ? (
          <>
            <dt className="text-muted">{t('receiptPaidAt')}</dt>
            <dd>{format.dateTime(payment.odendi_at)}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t('receiptHolder')}</dt>
        <dd>{payment.kart_sahibi}</dd>
        <dt className="text-muted">{t('receiptReference')}</dt>
        <dd className="wrap-anywhere font-mono text-sm">{payment.paymentIntentId}</dd>
      </dl>
      <Link href="/panel/subscription" className="inline-block text-brand underline">
        {t('receiptBack')}
      </Link>
    </article>
  );
}
