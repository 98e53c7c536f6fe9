'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/**
 * Radix DropdownMenu, wrapped once (STYLE.md): arrow keys move between items, Escape closes,
 * focus returns to the trigger. Usage:
 * <DropdownMenu><DropdownMenuTrigger>…</DropdownMenuTrigger><DropdownMenuContent>…items…</DropdownMenuContent></DropdownMenu>
 */
/** Non-modal by default: the page behind stays in the accessibility tree (no aria-hidden over focusable content). */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;

export function DropdownMenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        {...props}
        className={cn('z-50 min-w-48 rounded-lg border border-line bg-card p-1 text-sm text-ink shadow-lg', className)}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      {...props}
      className={cn(
        'flex cursor-pointer select-none items-center gap-2 rounded px-3 py-2 outline-none data-[highlighted]:bg-brand-soft data-[highlighted]:text-ink',
        className,
      )}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label {...props} className={cn('px-3 py-1.5 text-xs font-semibold uppercase text-muted', className)} />;
}
