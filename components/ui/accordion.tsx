'use client';

import * as AccordionPrimitive from '@radix-ui/react-accordion';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/infra/utils/cn';
import { ChevronDown } from 'lucide-react';

/** Radix Accordion, wrapped once: each item is a heading with a button that shows or hides its panel. */
export const Accordion = AccordionPrimitive.Root;

type ItemProps = Omit<ComponentProps<typeof AccordionPrimitive.Item>, 'title'> & { title: ReactNode; headingLevel?: 'h3' | 'h4' };

export function AccordionItem({ title, children, className, headingLevel = 'h3', ...props }: ItemProps) {
  const Heading = headingLevel;
  return (
    <AccordionPrimitive.Item {...props} className={cn('border-b border-line', className)}>
      <AccordionPrimitive.Header asChild>
        <Heading className="m-0">
          <AccordionPrimitive.Trigger className="group flex min-h-11 w-full items-center justify-between gap-3 py-3 text-left font-medium hover:text-brand">
            <span>{title}</span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
          </AccordionPrimitive.Trigger>
        </Heading>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="pb-3 text-sm leading-relaxed text-muted">{children}</AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
