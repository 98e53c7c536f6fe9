import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getFormat } from '@/components/ui/get-format';
import { getDb } from '@/db/client';
import { requirePageUser } from '@/app/_lib/page-guards';
import { readOrEmpty } from '@/app/_lib/read-or-empty';
import { getPackageChoices, getSubscriptionOverview, listPayments, paymentClientConfig } from '@/lib/domain/payments';
import { BalanceCard } from '@/components/payments/balance-card';
import { BuyPackageFlow, type BuyPreselection } from '@/components/payments/buy-package-flow';
import { PaymentHistory } from '@/components/payments/payment-history';
import { isPlatform } from '@/lib/domain/catalogue/services';
import { cardVariants } from '@/components/ui/card';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Payments.subscription' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * `?package=<id>&platform=<platform>` (the pricing page's "buy" and "extend" links): the buy flow
 * opens that package's payment view with that platform ticked. Anything else is ignored.
 */
function preselectionOf(query: Record<string, string | string[] | undefined>): BuyPreselection | undefined {
  const id = typeof query.package === 'string' && /^\d{1,9}$/.test(query.package) ? Number(query.package) : 0;
  if (!id) return undefined;
  const platform = typeof query.platform === 'string' && isPlatform(query.platform) ? query.platform : undefined;
  return { packageId: id, ...(platform ? { platform } : {}) };
}

/**
 * /panel/subscription (§2, §4): the balance with the add-balance modal, the running packages
 * (platform, daily and profile limits, today's usage, end date and days left), the packages for
 * sale with the buy flow, and the customer's payments with their receipts. Packages for sale that
 * cannot be read are shown as none (§8).
 */
export default async function SubscriptionPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const preselect = preselectionOf(await searchParams);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Payments.subscription');
  const tp = await getTranslations('Platforms');
  const ts = await getTranslations('Services');
  const format = await getFormat();
  const db = await getDb();
  const overview = await getSubscriptionOverview(db, { userId: user.id, locale });
  const { value: choices } = await readOrEmpty(() => getPackageChoices(db, locale), { packages: [], activePlatforms: [] }, { list: 'package choices', page: '/panel/subscription' });
  const odemeler = await listPayments(db, { userId: user.id, limit: 50, locale });
  const config = paymentClientConfig();

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <BalanceCard balanceCents={overview.balanceCents} config={config} />

      <section aria-labelledby="current-heading" className="space-y-3">
        <h2 id="current-heading" className="text-xl font-semibold">
          {t('currentTitle')}
        </h2>
        {overview.subscriptions.length === 0 ? (
          <p className="text-muted">{t('noCurrent')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {overview.subscriptions.map((s) => (
              <li key={s.id} className={cardVariants('p-4')} data-testid={`subscription-${s.platform}`}>
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold">{tp(s.platform)}</h3>
                  <span className="rounded-full bg-brand-soft px-2 py-0.5 text-sm font-medium text-ink">{s.paketAdi}</span>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-2 gap-y-1 text-sm">
                  <dt className="text-muted">{t('dailyLimit')}</dt>
                  <dd>{s.gunlukLimit}</dd>
                  <dt className="text-muted">{t('profileLimit')}</dt>
                  <dd>{s.profilLimit}</dd>
                  <dt className="text-muted">{t('expires')}</dt>
                  <dd>
                    {format.date(s.endsAt)} · {t('daysLeft', { days: s.daysLeft })}
                  </dd>
                </dl>
                <p className="mt-3 text-sm font-medium">{t('todayUsage')}</p>
                <ul className="text-sm">
                  {s.usage.map((u) => (
                    <li key={u.service}>{t('usageLine', { service: ts(u.service), used: u.used, limit: s.gunlukLimit })}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="available-heading" className="space-y-3">
        <h2 id="available-heading" className="text-xl font-semibold">
          {t('availableTitle')}
        </h2>
        <BuyPackageFlow
          packages={choices.packages}
          activePlatforms={choices.activePlatforms}
          config={config}
          running={overview.subscriptions.map((s) => ({ platform: s.platform, endsAt: s.endsAt, extendsTo: s.extendsTo }))}
          preselect={preselect}
        />
      </section>

      <section aria-labelledby="payments-heading" className="space-y-3">
        <h2 id="payments-heading" className="text-xl font-semibold">
          {t('paymentsTitle')}
        </h2>
        <PaymentHistory payments={odemeler} labelledBy="payments-heading" />
      </section>
    </div>
  );
}
