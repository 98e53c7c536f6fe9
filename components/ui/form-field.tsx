import type { ReactNode } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/** How a field row is laid out: the back office's flex column, or the customer forms' stacked blocks. */
const LOOKS = {
  column: { field: 'flex flex-col gap-1', label: 'text-sm font-medium' },
  stack: { field: 'space-y-1', label: 'block text-sm font-medium text-ink' },
} as const;

export type FormFieldProps = { id: string; label: ReactNode; error?: string; children: ReactNode; className?: string };

/** The id of a field's error text, which its control names in aria-describedby. */
export const errorId = (id: string) => `${id}-error`;

/** A label, the control and its error, linked by id (the error is announced with the field). */
export function FormField({ id, label, error, children, className, look }: FormFieldProps & { look: keyof typeof LOOKS }) {
  return (
    <div className={cn(LOOKS[look].field, className)}>
      <label htmlFor={id} className={LOOKS[look].label}>
        {label}
      </label>
      {children}
      <ErrorMessage id={errorId(id)}>{error}</ErrorMessage>
    </div>
  );
}

/** An error text, announced when it appears; nothing while there is none. */
export function ErrorMessage({ id, className = 'text-sm text-danger', children }: { id?: string; className?: string; children?: ReactNode }) {
  return children ? (
    <p id={id} role="alert" className={className}>
      {children}
    </p>
  ) : null;
}

/** aria props for a control of FormField. */
export function fieldAria(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined } as const;
}
