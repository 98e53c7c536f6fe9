import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/** A placeholder block while data loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" {...props} className={cn('animate-pulse rounded-md bg-line/70', className)} />;
}
