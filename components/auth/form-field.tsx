'use client';

import { FormField as SharedFormField, type FormFieldProps } from '@/components/ui/form-field';
import { useHydrated } from '@/components/ui/use-hydrated';

export { ErrorMessage, fieldAria } from '@/components/ui/form-field';

export const inputClass =
  'block w-full min-h-11 rounded-md border border-line bg-card px-3 py-2 text-ink placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger';

export const buttonClass =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-brand px-4 font-semibold text-brand-ink hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

/** A secondary action beside a form's submit button (cancel, copy, download). */
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-line px-4 font-semibold text-ink hover:bg-brand-soft disabled:cursor-not-allowed disabled:opacity-60';

/** A text-like button for a switch inside a form ("use a recovery code"). */
export const linkButtonClass = 'inline-flex min-h-11 items-center text-sm text-brand underline underline-offset-2';

/** A label, the control and its error, linked by id (the error is announced with the field). */
export function FormField(props: FormFieldProps) {
  return <SharedFormField {...props} look="stack" />;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}

/** An auth form's submit button: disabled and busy while the form is sent, then showing `busyLabel` (with a spinner unless `spinner` is false). */
export function SubmitButton({ busy, label, busyLabel, spinner = true, className = buttonClass }: { busy: boolean; label: string; busyLabel: string; spinner?: boolean; className?: string }) {
  // Disabled until hydrated: it also stops Enter from submitting the form natively (a disabled
  // default button blocks implicit submission), which would put the fields in the URL.
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={busy || !hydrated} aria-busy={busy} className={className}>
      {busy ? spinner ? <Spinner label={busyLabel} /> : busyLabel : label}
    </button>
  );
}
