'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatUsd } from '@/lib/domain/payments/amounts';
import { AddBalanceDialog } from './add-balance-dialog';
import type { PaymentConfig } from './payment-api';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The balance with its add-balance button (the modal of §4), as /panel/subscription shows it. */
export function BalanceCard({ balanceCents, config }: { balanceCents: number; config: PaymentConfig }) {
  const t = useTranslations('Payments');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [balance, setBalance] = useState(balanceCents);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
      <p>
        <span className="block text-sm text-muted">{t('subscription.balance')}</span>
        <span className="text-2xl font-semibold" data-testid="balance">
          {formatUsd(balance, locale)}
        </span>
      </p>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {t('addBalance.open')}
      </Button>
      <AddBalanceDialog open={open} onOpenChange={setOpen} onSuccess={setBalance} config={config} />
    </Card>
  );
}
