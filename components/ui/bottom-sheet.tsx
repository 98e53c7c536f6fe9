'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '@/lib/infra/utils/cn';
import { X } from 'lucide-react';
import { buttonVariants } from './button';

export { useBottomSheet } from './use-bottom-sheet';
import type { useBottomSheet } from './use-bottom-sheet';

type Props = {
  sheet: ReturnType<typeof useBottomSheet>;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
};

/**
 * A bottom sheet on Radix Dialog (§2 help drawer): 70 % of the viewport high, Escape or a click on
 * the backdrop closes it, the page behind does not scroll, focus stays inside while it is open.
 */
export function BottomSheet({ sheet, title, closeLabel, children, className }: Props) {
  return (
    <DialogPrimitive.Root open={sheet.mounted} onOpenChange={(next) => (next ? sheet.open() : sheet.close())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-sheet-backdrop
          className={cn(
            'fixed inset-0 z-40 bg-black/50 transition-opacity duration-300 motion-reduce:transition-none',
            sheet.shown ? 'opacity-100' : 'opacity-0',
          )}
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-shown={sheet.shown}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 mx-auto flex h-[70vh] w-full max-w-3xl flex-col rounded-t-2xl bg-card shadow-2xl transition-transform duration-300 ease-out motion-reduce:transition-none',
            sheet.shown ? 'translate-y-0' : 'translate-y-full',
            className,
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'text-muted' })} aria-label={closeLabel}>
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-4">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
