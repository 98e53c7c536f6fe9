'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** A /rooting page whose data did not load: the §8 text and a retry button. */
export function LoadError({ messageKey, reset }: { messageKey: string; reset: () => void }) {
  const t = useTranslations('Admin');
  const text = t(messageKey as never);
  useEffect(() => {
    toast.error(text);
  }, [text]);
  return (
    <div role="alert" className="rounded-lg bg-card p-6 shadow-sm">
      <p className="font-medium text-danger">{text}</p>
      <Button variant="primary" className="mt-4" onClick={reset}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
