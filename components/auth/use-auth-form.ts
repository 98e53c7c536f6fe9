'use client';

import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocale } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { useErrorText } from './use-error-text';

/**
 * What every auth form starts with: a form checked by its zod schema, the page's locale and
 * router, and `error(field)`, the text of a field's error in the page's language.
 */
export function useAuthForm<In extends FieldValues, Out extends FieldValues>(schema: z.ZodType<Out, In>, defaultValues: DefaultValues<In>) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const errorText = useErrorText();
  const locale = useLocale();
  const router = useRouter();
  const errors = form.formState.errors as Partial<Record<keyof In, { message?: string }>>;
  return { form, locale, router, isSubmitting: form.formState.isSubmitting, error: (name: keyof In) => errorText(errors[name]?.message) };
}
