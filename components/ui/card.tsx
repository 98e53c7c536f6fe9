import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';
import { headingVariants } from './heading';

const card = 'rounded-card border border-line bg-card text-ink shadow-card';

/** The classes of a card, for a semantic element that is a card (a <section>, <article>, <fieldset>, <li>). */
export function cardVariants(className?: string): string {
  return cn(card, className);
}

/** A bordered surface. `CardHeader`/`CardTitle`/`CardDescription`/`CardContent` give it structure. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div {...props} className={cardVariants(className)} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div {...props} className={cn('flex flex-col gap-1 p-card pb-2', className)} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 {...props} className={headingVariants('heading', className)} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p {...props} className={cn('text-small text-muted', className)} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div {...props} className={cn('p-card pt-2', className)} />;
}
