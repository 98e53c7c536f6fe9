'use client';

import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';
import { PROFESSIONS } from '@/lib/auth/schemas';
import { profileFormSchema } from '@/lib/users/schemas';
import { sendJson, startSession } from './api';
import { buttonClass, fieldAria, FormField, inputClass, Spinner } from './form-field';
import { PasswordInput } from './password-input';
import { PhoneField } from './phone-field';
import { PROFESSION_LABELS } from './register-form';
import { useErrorText } from './use-error-text';

type Input = z.input<typeof profileFormSchema>;
type Output = z.output<typeof profileFormSchema>;

export type ProfileDefaults = { ad_soyad: string; email: string; telefon: string; meslek: string };

/**
 * /panel/settings (§2, §5): personal information and the password change in one form. A blank new
 * password changes nothing; with a new one the current one is required. After a password change
 * the server answers a new token, which becomes this browser's session (every other one has ended).
 */
export function ProfileForm({ defaults, kind }: { defaults: ProfileDefaults; kind: 'user' | 'admin' }) {
  const t = useTranslations('Settings');
  const ta = useTranslations('Auth');
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { ...defaults, currentPassword: '', newPassword: '', newPasswordConfirm: '' },
  });

  const onSubmit = handleSubmit(async ({ ad_soyad, email, telefon, meslek, currentPassword, newPassword }) => {
    const body = newPassword ? { ad_soyad, email, telefon, meslek, currentPassword, newPassword } : { ad_soyad, email, telefon, meslek };
    const res = await sendJson('/api/users/profile/me', body, locale, 'PUT');
    if (!res.ok) {
      toast.error(res.body.mesaj ?? t('update_error'));
      return;
    }
    const kullanici = res.body.kullanici as ProfileDefaults;
    if (typeof res.body.token === 'string') {
      await startSession(res.body.token, kullanici, kind);
      toast.success(t('passwordChanged'));
    } else {
      try {
        if (window.localStorage.getItem('user_data')) {
          const token = window.localStorage.getItem('user_token');
          window.localStorage.setItem('user_data', JSON.stringify({ ...kullanici, token }));
        }
      } catch {
        // storage disabled
      }
      toast.success(t('saved'));
    }
    reset({ ad_soyad: kullanici.ad_soyad, email: kullanici.email, telefon: kullanici.telefon, meslek: kullanici.meslek, currentPassword: '', newPassword: '', newPasswordConfirm: '' });
    router.refresh();
  });

  const e = {
    ad_soyad: errorText(errors.ad_soyad?.message),
    email: errorText(errors.email?.message),
    telefon: errorText(errors.telefon?.message),
    meslek: errorText(errors.meslek?.message),
    currentPassword: errorText(errors.currentPassword?.message),
    newPassword: errorText(errors.newPassword?.message),
    newPasswordConfirm: errorText(errors.newPasswordConfirm?.message),
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset className="space-y-4 rounded-lg border border-line bg-card p-4">
        <legend className="px-1 text-lg font-semibold">{t('personalInfo')}</legend>
        <FormField id="profile-name" label={ta('fields.fullName')} error={e.ad_soyad}>
          <input {...register('ad_soyad')} {...fieldAria('profile-name', e.ad_soyad)} autoComplete="name" className={inputClass} />
        </FormField>
        <FormField id="profile-email" label={ta('fields.email')} error={e.email}>
          <input {...register('email')} {...fieldAria('profile-email', e.email)} type="email" autoComplete="email" className={inputClass} />
        </FormField>
        <FormField id="profile-phone" label={ta('fields.phone')} error={e.telefon}>
          <Controller
            control={control}
            name="telefon"
            render={({ field }) => (
              <PhoneField
                id="profile-phone"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={!!e.telefon}
                describedBy={e.telefon ? 'profile-phone-error' : undefined}
                countryLabel={ta('fields.country')}
              />
            )}
          />
        </FormField>
        <FormField id="profile-profession" label={ta('fields.profession')} error={e.meslek}>
          <select {...register('meslek')} {...fieldAria('profile-profession', e.meslek)} className={inputClass}>
            <option value="">{ta('fields.professionPlaceholder')}</option>
            {PROFESSIONS.map((p) => (
              <option key={p} value={p}>
                {ta(`professions.${PROFESSION_LABELS[p]}` as never)}
              </option>
            ))}
          </select>
        </FormField>
      </fieldset>
      <fieldset className="space-y-4 rounded-lg border border-line bg-card p-4">
        <legend className="px-1 text-lg font-semibold">{t('passwordChange')}</legend>
        <p className="text-sm text-muted">{t('passwordHint')}</p>
        <FormField id="profile-current" label={t('currentPassword')} error={e.currentPassword}>
          <PasswordInput {...register('currentPassword')} {...fieldAria('profile-current', e.currentPassword)} autoComplete="current-password" />
        </FormField>
        <FormField id="profile-new" label={t('newPassword')} error={e.newPassword}>
          <PasswordInput {...register('newPassword')} {...fieldAria('profile-new', e.newPassword)} autoComplete="new-password" />
        </FormField>
        <FormField id="profile-new2" label={t('newPasswordConfirm')} error={e.newPasswordConfirm}>
          <PasswordInput {...register('newPasswordConfirm')} {...fieldAria('profile-new2', e.newPasswordConfirm)} autoComplete="new-password" />
        </FormField>
      </fieldset>
      <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={`${buttonClass} sm:w-auto`}>
        {isSubmitting ? <Spinner label={t('saving')} /> : t('save')}
      </button>
    </form>
  );
}
