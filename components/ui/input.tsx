import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

const field =
  'block w-full rounded-control border border-line bg-card px-3 text-base text-ink placeholder:text-muted/70 focus:border-brand aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The classes of a text field, for a control that cannot be an <Input> (a react-hook-form
 * register() spread onto a library's input). Same look as Input.
 */
export const inputClasses = cn(field, 'min-h-11 py-2');

/** Text input; 16 px text so iOS does not zoom, 44 px high, red border when aria-invalid. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input {...props} className={cn(inputClasses, className)} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...props} className={cn(field, 'min-h-24 py-2', className)} />;
}

/** A native select (the phone's own picker is the best one on a phone). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select {...props} className={cn(inputClasses, className)} />;
}
