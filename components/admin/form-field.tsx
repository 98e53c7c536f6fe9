import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/infra/utils/cn';
import { FormField as SharedFormField, type FormFieldProps } from '@/components/ui/form-field';

export { ErrorMessage } from '@/components/ui/form-field';

/** A labelled back-office form row with its error, linked for screen readers. */
export function FormField(props: FormFieldProps) {
  return <SharedFormField {...props} look="column" />;
}

/**
 * The primitives' classes for the few elements that cannot be a <Button>/<Input> (a native <select>
 * bound by react-hook-form, a download <a>): derived from components/ui, never written by hand.
 */
export const inputClass =
  'min-h-11 w-full rounded-md border border-line bg-card px-3 py-2 text-sm text-ink aria-[invalid=true]:border-danger';
export const primaryButton = buttonVariants({ variant: 'primary' });
export const secondaryButton = buttonVariants({ variant: 'secondary' });
/** A destructive action that is not the page's main one: quiet until hovered, red text. */
export const dangerButton = cn(buttonVariants({ variant: 'secondary' }), 'text-danger hover:border-danger');
