'use client';

import type { ReactNode } from 'react';
import { cn } from '@/lib/utils/cn';

export const inputClass =
  'block w-full min-h-11 rounded-md border border-line bg-card px-3 py-2 text-ink placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger';

export const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-ink hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

/** A label, the control and its error, linked by id (the error is announced with the field). */
export function FormField({ id, label, error, children, className }: { id: string; label: ReactNode; error?: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props for a control of FormField. */
export function fieldAria(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
