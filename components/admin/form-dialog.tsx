'use client';

import type { FormEventHandler, ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/**
 * A /rooting add/edit dialog: the form (`children`) and its Cancel and submit buttons. The submit
 * button says `submitLabel`, or Save (Saving… while `busy`); it is disabled while busy.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  busy,
  submitDisabled = false,
  submitLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitDisabled?: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  const tc = useTranslations('Admin.common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} closeLabel={tc('close')}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          {children}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {tc('cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={busy || submitDisabled}>
              {submitLabel ?? (busy ? tc('saving') : tc('save'))}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The "are you sure" before a /rooting record is deleted; `crud` is the page's useCrud. */
export function DeleteConfirm({
  crud,
  title,
  description,
}: {
  crud: { deleting: unknown; setDeleting: (row: null) => void; remove: () => Promise<void>; busy: boolean };
  title: string;
  description: string;
}) {
  const tc = useTranslations('Admin.common');
  return (
    <ConfirmDialog
      open={!!crud.deleting}
      onOpenChange={(v) => !v && crud.setDeleting(null)}
      title={title}
      description={description}
      confirmLabel={tc('delete')}
      cancelLabel={tc('cancel')}
      onConfirm={crud.remove}
      busy={crud.busy}
    />
  );
}
