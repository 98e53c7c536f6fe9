'use client';

import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/**
 * Radix Tabs, wrapped once (STYLE.md): arrow keys move between tabs, the panel is labelled by its tab.
 * Usage: <Tabs value onValueChange><TabsList aria-label>…<TabsTrigger value>…</TabsList><TabsContent value>…</TabsContent></Tabs>
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List {...props} className={cn('grid grid-cols-2 gap-1 rounded-control bg-brand-soft p-1', className)} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      {...props}
      className={cn(
        'min-h-11 rounded-md px-3 text-sm font-medium text-ink transition-colors',
        'data-[state=active]:bg-card data-[state=active]:text-brand data-[state=active]:shadow-sm',
        className,
      )}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content {...props} className={cn('mt-4 focus-visible:outline-none', className)} />;
}
