'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/infra/utils/cn';
import { X } from 'lucide-react';
import { buttonVariants } from './button';
import { headingVariants } from './heading';

/**
 * Radix Dialog, wrapped once (STYLE.md): Escape closes, focus is trapped, the title labels it.
 * Usage: <Dialog open onOpenChange> <DialogContent title="…" closeLabel={t('Common.close')}>…</DialogContent></Dialog>
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type ContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
};

export function DialogContent({ title, description, closeLabel, className, children, ...props }: ContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <DialogPrimitive.Content
        {...props}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-card p-6 shadow-xl',
          className,
        )}
      >
        <DialogPrimitive.Title className={headingVariants('heading', 'pr-10')}>{title}</DialogPrimitive.Title>
        {description ? <DialogPrimitive.Description className="mt-1 text-small text-muted">{description}</DialogPrimitive.Description> : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'absolute right-2 top-2 text-muted' })} aria-label={closeLabel}>
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
