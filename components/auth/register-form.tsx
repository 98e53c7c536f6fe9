'use client';

import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link } from '@/components/ui/link';
import type { registerFormSchema } from '@/lib/domain/auth/register-schemas';
import { sendJson } from './api';
import { PasswordField } from './fields';
import { errorId } from '@/components/ui/form-field';
import { ErrorMessage, fieldAria, SubmitButton } from './form-field';
import { PersonalFields } from './personal-fields';
import { firstInvalidField, REGISTER_FIELD_IDS, REGISTER_FIELDS, registerServerErrors, type RegisterField } from './register-fields';
import { useAuthForm } from './use-auth-form';

const EMPTY: z.input<typeof registerFormSchema> = { ad_soyad: '', email: '', telefon: '', meslek: '', sifre: '', sifre_tekrar: '', terms: false };

/** Moves the focus to the first field, in screen order, that has an error (the phone input and the checkbox included). */
function focusFirstInvalid(errors: Partial<Record<string, unknown>>) {
  const first = firstInvalidField(REGISTER_FIELDS, errors);
  if (first) document.getElementById(REGISTER_FIELD_IDS[first])?.focus();
}

/**
 * The register tab of /login (§2, §5): each field says under it what is wrong with it, and a
 * refused submit puts the focus on the first such field (issue #32 item 7); on success a toast,
 * the form is cleared and the login tab opens.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const t = useTranslations('Auth');
  const { form, locale, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/auth/register-schemas').then((m) => m.registerFormSchema), EMPTY, {
    shouldFocusError: false,
  });

  const onSubmit = form.handleSubmit(async ({ ad_soyad, email, telefon, meslek, sifre }) => {
    const res = await sendJson('/api/auth/register', { ad_soyad, email, telefon, meslek, sifre }, locale);
    if (!res.ok) {
      const fields = registerServerErrors(res.body);
      const names = Object.keys(fields) as RegisterField[];
      if (names.length === 0) {
        toast.error(res.body.mesaj ?? t('register.register_error'));
        return;
      }
      for (const name of names) form.setError(name, { type: 'server', message: fields[name] });
      focusFirstInvalid(fields);
      return;
    }
    toast.success(t('register.success'));
    form.reset(EMPTY);
    onRegistered();
  }, focusFirstInvalid);

  const termsError = error('terms');
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('register.title')}>
        <PersonalFields idPrefix="register" emailInputMode="email" />
        <PasswordField id={REGISTER_FIELD_IDS.sifre} label={t('fields.password')} error={error('sifre')} {...form.register('sifre')} autoComplete="new-password" />
        <PasswordField id={REGISTER_FIELD_IDS.sifre_tekrar} label={t('fields.passwordConfirm')} error={error('sifre_tekrar')} {...form.register('sifre_tekrar')} autoComplete="new-password" />
        <div className="space-y-1">
          <div className="flex items-start gap-2">
            <input {...form.register('terms')} {...fieldAria(REGISTER_FIELD_IDS.terms, termsError)} type="checkbox" className="mt-1 size-5 shrink-0 accent-brand" />
            <label htmlFor={REGISTER_FIELD_IDS.terms} className="text-sm">
              {t.rich('register.terms', {
                link: (chunks) => (
                  <Link href="/terms" target="_blank" className="text-brand underline underline-offset-2">
                    {chunks}
                  </Link>
                ),
              })}
            </label>
          </div>
          <ErrorMessage id={errorId(REGISTER_FIELD_IDS.terms)}>{termsError}</ErrorMessage>
        </div>
        <SubmitButton busy={isSubmitting} label={t('register.submit')} busyLabel={t('register.submitting')} />
      </form>
    </FormProvider>
  );
}
