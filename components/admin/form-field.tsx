import { FormField as SharedFormField, type FormFieldProps } from '@/components/ui/form-field';

export { ErrorMessage } from '@/components/ui/form-field';

/** A labelled back-office form row with its error, linked for screen readers. */
export function FormField(props: FormFieldProps) {
  return <SharedFormField {...props} look="column" />;
}

export const inputClass =
  'min-h-11 w-full rounded-md border border-line bg-card px-3 py-2 text-sm text-ink aria-[invalid=true]:border-danger';
export const primaryButton = 'inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 text-sm font-semibold text-brand-ink hover:opacity-90 disabled:opacity-60';
export const secondaryButton = 'inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-card px-4 text-sm font-medium text-ink hover:bg-brand-soft disabled:opacity-60';
export const dangerButton = 'inline-flex min-h-11 items-center justify-center rounded-md border border-danger px-3 text-sm font-medium text-danger hover:bg-danger hover:text-white disabled:opacity-60';
