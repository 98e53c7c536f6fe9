'use client';

import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Link } from '@/lib/i18n/navigation';
import { PROFESSIONS, registerFormSchema } from '@/lib/auth/schemas';
import { sendJson } from './api';
import { buttonClass, fieldAria, FormField, inputClass, Spinner } from './form-field';
import { PasswordInput } from './password-input';
import { PhoneField } from './phone-field';
import { useErrorText } from './use-error-text';

type Input = z.input<typeof registerFormSchema>;
type Output = z.output<typeof registerFormSchema>;

/** Message keys of the §3 profession options (the stored value is the Turkish text). */
export const PROFESSION_LABELS: Record<(typeof PROFESSIONS)[number], string> = {
  'Sosyal Medya Uzmanı': 'socialMediaExpert',
  'İşletme Sahibi': 'businessOwner',
  Influencer: 'influencer',
  Diğer: 'other',
};

const EMPTY: Input = { ad_soyad: '', email: '', telefon: '', meslek: '', sifre: '', sifre_tekrar: '', terms: false };

/** The register tab of /login (§2, §5): on success a toast, the form is cleared and the login tab opens. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const errorText = useErrorText();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ ad_soyad, email, telefon, meslek, sifre }) => {
    const res = await sendJson('/api/auth/register', { ad_soyad, email, telefon, meslek, sifre }, locale);
    if (!res.ok) {
      toast.error(res.body.mesaj ?? t('register.register_error'));
      return;
    }
    toast.success(t('register.success'));
    reset(EMPTY);
    onRegistered();
  });

  const e = {
    ad_soyad: errorText(errors.ad_soyad?.message),
    email: errorText(errors.email?.message),
    telefon: errorText(errors.telefon?.message),
    meslek: errorText(errors.meslek?.message),
    sifre: errorText(errors.sifre?.message),
    sifre_tekrar: errorText(errors.sifre_tekrar?.message),
    terms: errorText(errors.terms?.message),
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('register.title')}>
      <FormField id="register-name" label={t('fields.fullName')} error={e.ad_soyad}>
        <input {...register('ad_soyad')} {...fieldAria('register-name', e.ad_soyad)} autoComplete="name" className={inputClass} />
      </FormField>
      <FormField id="register-email" label={t('fields.email')} error={e.email}>
        <input {...register('email')} {...fieldAria('register-email', e.email)} type="email" autoComplete="email" inputMode="email" className={inputClass} />
      </FormField>
      <FormField id="register-phone" label={t('fields.phone')} error={e.telefon}>
        <Controller
          control={control}
          name="telefon"
          render={({ field }) => (
            <PhoneField
              id="register-phone"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={!!e.telefon}
              describedBy={e.telefon ? 'register-phone-error' : undefined}
              countryLabel={t('fields.country')}
            />
          )}
        />
      </FormField>
      <FormField id="register-profession" label={t('fields.profession')} error={e.meslek}>
        <select {...register('meslek')} {...fieldAria('register-profession', e.meslek)} className={inputClass}>
          <option value="">{t('fields.professionPlaceholder')}</option>
          {PROFESSIONS.map((p) => (
            <option key={p} value={p}>
              {t(`professions.${PROFESSION_LABELS[p]}` as never)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="register-password" label={t('fields.password')} error={e.sifre}>
        <PasswordInput {...register('sifre')} {...fieldAria('register-password', e.sifre)} autoComplete="new-password" />
      </FormField>
      <FormField id="register-password2" label={t('fields.passwordConfirm')} error={e.sifre_tekrar}>
        <PasswordInput {...register('sifre_tekrar')} {...fieldAria('register-password2', e.sifre_tekrar)} autoComplete="new-password" />
      </FormField>
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            {...register('terms')}
            {...fieldAria('register-terms', e.terms)}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand"
          />
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
        {e.terms ? (
          <p id="register-terms-error" role="alert" className="text-sm text-danger">
            {e.terms}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={buttonClass}>
        {isSubmitting ? <Spinner label={t('register.submitting')} /> : t('register.submit')}
      </button>
    </form>
  );
}
