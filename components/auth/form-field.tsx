'use client';

import { FormField as SharedFormField, type FormFieldProps } from '@/components/ui/form-field';
import { useHydrated } from '@/components/ui/use-hydrated';
import { Loader2 } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';

export { ErrorMessage, fieldAria } from '@/components/ui/form-field';

/*
 * The auth forms' classes, now the design system's (components/ui): kept as names because the
 * auth, panel and back-office forms spread them onto react-hook-form controls and buttons.
 */
export const inputClass = inputClasses;

/** A form's full-width primary action. */
export const buttonClass = buttonVariants({ className: 'w-full' });

/** A secondary action beside a form's submit button (cancel, copy, download). */
export const secondaryButtonClass = buttonVariants({ variant: 'secondary' });

/** A text-like button for a switch inside a form ("use a recovery code"). */
export const linkButtonClass = buttonVariants({ variant: 'link', className: 'justify-start px-0 underline' });

/** A label, the control and its error, linked by id (the error is announced with the field). */
export function FormField(props: FormFieldProps) {
  return <SharedFormField {...props} look="stack" />;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
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
    <Button type="submit" disabled={busy || !hydrated} aria-busy={busy} className={className}>
      {busy ? spinner ? <Spinner label={busyLabel} /> : busyLabel : label}
    </Button>
  );
}
