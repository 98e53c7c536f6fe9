'use client';

import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonVariants } from './button';
import { headingVariants } from './heading';

/**
 * Radix AlertDialog, wrapped once (STYLE.md): the "are you sure" of destructive actions (§5).
 * Focus starts on Cancel, Escape cancels, the backdrop does not close it by accident.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void | Promise<void>;
  busy?: boolean;
  destructive?: boolean;
}) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-card p-6 shadow-xl"
        >
          <AlertDialogPrimitive.Title className={headingVariants('heading')}>{title}</AlertDialogPrimitive.Title>
          {description ? <AlertDialogPrimitive.Description className="mt-2 text-small text-muted">{description}</AlertDialogPrimitive.Description> : null}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: 'secondary' })}>{cancelLabel}</AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              disabled={busy}
              onClick={(e) => {
                e.preventDefault();
                void onConfirm();
              }}
              className={buttonVariants({ variant: destructive ? 'destructive' : 'primary' })}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
