'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { CalendarX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { cancelOperation } from './panel-api';

/**
 * Cancels a scheduled order before it starts (issue #17, POST /api/operations/{id}/cancel), after
 * an "are you sure"; the server gives the day's use and any charge back. `onCancelled` gets the
 * dollars refunded.
 */
export function CancelOrderButton({ taskId, label, onCancelled }: { taskId: string; label: string; onCancelled: (refunded: number) => void }) {
  const t = useTranslations('Panel.statistics');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const refunded = await cancelOperation(taskId, locale);
      setOpen(false);
      toast.success(t('cancelDone'));
      onCancelled(refunded);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t('cancelError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={label} data-cancel-order>
        <CalendarX aria-hidden="true" className="size-4" />
        {t('cancelOrder')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('cancelTitle')}
        description={t('cancelDescription')}
        confirmLabel={t('cancelConfirm')}
        cancelLabel={t('cancelKeep')}
        onConfirm={confirm}
        busy={busy}
      />
    </>
  );
}
