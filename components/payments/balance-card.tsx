'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatUsd } from '@/lib/payments/amounts';
import { AddBalanceDialog } from './add-balance-dialog';
import type { PaymentConfig } from './payment-api';

/** The balance with its add-balance button (the modal of §4), as /panel/subscription shows it. */
export function BalanceCard({ balanceCents, config }: { balanceCents: number; config: PaymentConfig }) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [balance, setBalance] = useState(balanceCents);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-card p-4">
      <p>
        <span className="block text-sm text-muted">{t('subscription.balance')}</span>
        <span className="text-2xl font-semibold" data-testid="balance">
          {formatUsd(balance, locale)}
        </span>
      </p>
      <button type="button" onClick={() => setOpen(true)} className="rounded-md bg-brand px-4 py-2 font-semibold text-brand-ink">
        {t('addBalance.open')}
      </button>
      <AddBalanceDialog open={open} onOpenChange={setOpen} onSuccess={setBalance} config={config} />
    </div>
  );
}
