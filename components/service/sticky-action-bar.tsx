'use client';

import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';

type Props = { formId: string; selectedText: string; priceText: string | null; sendLabel: string; disabled: boolean; busy: boolean };

/**
 * The action bar pinned to the bottom of the screen while the form's own Send button is out of
 * view (issue #15: on a phone a customer who ticked profiles far down the list had to scroll
 * ~4,000 px back up). It submits the same form, so every check of the form applies.
 */
export function StickyActionBar({ formId, selectedText, priceText, sendLabel, disabled, busy }: Props) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-card/95 px-gutter pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur"
      data-sticky-bar
    >
      <div className="mx-auto flex max-w-page items-center gap-3">
        <p className="min-w-0 flex-1 text-sm" aria-hidden="true">
          <span className="block truncate font-medium">{selectedText}</span>
          {priceText ? <span className="block truncate text-muted" data-sticky-price>{priceText}</span> : null}
        </p>
        <Button type="submit" form={formId} disabled={disabled} loading={busy} className="shrink-0" data-sticky-send>
          {busy ? null : <Send aria-hidden="true" className="size-4" />}
          {sendLabel}
          <span className="sr-only">
            {' · '}
            {selectedText}
          </span>
        </Button>
      </div>
    </div>
  );
}
