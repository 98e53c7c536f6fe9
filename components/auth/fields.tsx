'use client';

import type { ComponentProps, ReactNode } from 'react';
import { fieldAria, FormField, inputClass } from './form-field';
import { PasswordInput } from './password-input';

type FieldProps<P> = Omit<P, 'id' | 'className'> & { id: string; label: ReactNode; error?: string };

/** A labelled text input with its error (pass `{...register(name)}` and the input's own attributes). */
export function InputField({ id, label, error, ...input }: FieldProps<ComponentProps<'input'>>) {
  return (
    <FormField id={id} label={label} error={error}>
      <input {...input} {...fieldAria(id, error)} className={inputClass} />
    </FormField>
  );
}

/** A labelled password input (with its show/hide button) and its error. */
export function PasswordField({ id, label, error, ...input }: FieldProps<ComponentProps<typeof PasswordInput>>) {
  return (
    <FormField id={id} label={label} error={error}>
      <PasswordInput {...input} {...fieldAria(id, error)} />
    </FormField>
  );
}
