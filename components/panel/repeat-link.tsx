'use client';

import { useTranslations } from 'next-intl';
import { Repeat2 } from 'lucide-react';
import { useFormat } from '@/components/ui/use-format';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { repeatHref } from '@/components/service/repeat-href';
import { cn } from '@/lib/infra/utils/cn';

/** An order's Repeat: its service page with the order's profiles ticked and its target filled in. */
export function RepeatLink({ service, orderNumber, className }: { service: string; orderNumber: number; className?: string }) {
  const t = useTranslations('Repeat');
  const format = useFormat();
  const href = repeatHref(service, orderNumber);
  if (!href) return null;
  return (
    <Link href={href} className={buttonVariants({ variant: 'link', className: cn('px-3', className) })} data-repeat-link={orderNumber}>
      <Repeat2 aria-hidden="true" className="size-4" />
      {t('action')}
      <span className="sr-only">{` – ${t('actionLabel', { number: format.orderNumber(orderNumber) })}`}</span>
    </Link>
  );
}
