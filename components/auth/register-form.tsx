'use client';

import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link } from '@/lib/i18n/navigation';
import type { registerFormSchema } from '@/lib/auth/register-schemas';
import { sendJson } from './api';
import { PasswordField } from './fields';
import { ErrorMessage, fieldAria, SubmitButton } from './form-field';
import { PersonalFields } from './personal-fields';
import { useAuthForm } from './use-auth-form';

const EMPTY: z.input<typeof registerFormSchema> = { ad_soyad: '', email: '', telefon: '', meslek: '', sifre: '', sifre_tekrar: '', terms: false };

/** The register tab of /login (§2, §5): on success a toast, the form is cleared and the login tab opens. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const t = useTranslations('Auth');
  const { form, locale, isSubmitting, error } = useAuthForm(() => import('@/lib/auth/register-schemas').then((m) => m.registerFormSchema), EMPTY);

  const onSubmit = form.handleSubmit(async ({ ad_soyad, email, telefon, meslek, sifre }) => {
    const res = await sendJson('/api/auth/register', { ad_soyad, email, telefon, meslek, sifre }, locale);
    if (!res.ok) {
      toast.error(res.body.mesaj ?? t('register.register_error'));
      return;
    }
    toast.success(t('register.success'));
    form.reset(EMPTY);
    onRegistered();
  });

  const termsError = error('terms');
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('register.title')}>
        <PersonalFields idPrefix="register" emailInputMode="email" />
        <PasswordField id="register-password" label={t('fields.password')} error={error('sifre')} {...form.register('sifre')} autoComplete="new-password" />
        <PasswordField id="register-password2" label={t('fields.passwordConfirm')} error={error('sifre_tekrar')} {...form.register('sifre_tekrar')} autoComplete="new-password" />
        <div className="space-y-1">
          <div className="flex items-start gap-2">
            <input {...form.register('terms')} {...fieldAria('register-terms', termsError)} type="checkbox" className="mt-1 size-5 shrink-0 accent-brand" />
            <label htmlFor="register-terms" className="text-sm">
              {t.rich('register.terms', {
                link: (chunks) => (
                  <Link href="/terms" target="_blank" className="text-brand underline underline-offset-2">
                    {chunks}
                  </Link>
                ),
              })}
            </label>
          </div>
          <ErrorMessage id="register-terms-error">{termsError}</ErrorMessage>
        </div>
        <SubmitButton busy={isSubmitting} label={t('register.submit')} busyLabel={t('register.submitting')} />
      </form>
    </FormProvider>
  );
}
