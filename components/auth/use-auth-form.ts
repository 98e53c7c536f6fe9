'use client';

import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useLocale } from 'next-intl';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { useErrorText } from './use-error-text';

/** A form's zod schema, loaded when the form is first checked: `() => import('…').then((m) => m.schema)`. */
export type SchemaLoader<In extends FieldValues, Out extends FieldValues> = () => Promise<z.ZodType<Out, In>>;

/**
 * A react-hook-form resolver that loads zod, the schema and the zod resolver on the first check
 * (the first submit) instead of with the page: zod is the largest library of a form page and a
 * phone parsed and ran it before the page answered a tap (Lighthouse: blocked main thread).
 */
export function lazyZodResolver<In extends FieldValues, Out extends FieldValues>(load: SchemaLoader<In, Out>): Resolver<In, unknown, Out> {
  let ready: Promise<Resolver<In, unknown, Out>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<In, unknown, Out>,
    );
    ready.catch(() => {
      ready = undefined; // a failed chunk load is tried again on the next submit
    });
    return (await ready)(values, context, options);
  };
}

/**
 * What every auth form starts with: a form checked by its zod schema, the page's locale and
 * router, and `error(field)`, the text of a field's error in the page's language.
 * `shouldFocusError: false` is for a form that moves the focus itself (react-hook-form focuses
 * the first field in the order they were registered, and cannot focus a Controller's input).
 */
export function useAuthForm<In extends FieldValues, Out extends FieldValues>(
  loadSchema: SchemaLoader<In, Out>,
  defaultValues: DefaultValues<In>,
  { shouldFocusError = true }: { shouldFocusError?: boolean } = {},
) {
  const [resolver] = useState(() => lazyZodResolver(loadSchema));
  const form = useForm<In, unknown, Out>({ resolver, defaultValues, shouldFocusError });
  const errorText = useErrorText();
  const locale = useLocale();
  const router = useRouter();
  const errors = form.formState.errors as Partial<Record<keyof In, { message?: string }>>;
  return { form, locale, router, isSubmitting: form.formState.isSubmitting, error: (name: keyof In) => errorText(errors[name]?.message) };
}
