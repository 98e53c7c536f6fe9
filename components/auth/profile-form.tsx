'use client';

import { FormProvider } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { profileFormSchema } from '@/lib/users/schemas';
import { sendJson, startSession } from './api';
import { PasswordField } from './fields';
import { buttonClass, SubmitButton } from './form-field';
import { PersonalFields } from './personal-fields';
import { useAuthForm } from './use-auth-form';

export type ProfileDefaults = { ad_soyad: string; email: string; telefon: string; meslek: string };

/**
 * /panel/settings (§2, §5): personal information and the password change in one form. A blank new
 * password changes nothing; with a new one the current one is required. After a password change
 * the server answers a new token, which becomes this browser's session (every other one has ended).
 */
export function ProfileForm({ defaults, kind }: { defaults: ProfileDefaults; kind: 'user' | 'admin' }) {
  const t = useTranslations('Settings');
  const { form, locale, router, isSubmitting, error } = useAuthForm(profileFormSchema, { ...defaults, currentPassword: '', newPassword: '', newPasswordConfirm: '' });

  const onSubmit = form.handleSubmit(async ({ ad_soyad, email, telefon, meslek, currentPassword, newPassword }) => {
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
    form.reset({ ad_soyad: kullanici.ad_soyad, email: kullanici.email, telefon: kullanici.telefon, meslek: kullanici.meslek, currentPassword: '', newPassword: '', newPasswordConfirm: '' });
    router.refresh();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset className="space-y-4 rounded-lg border border-line bg-card p-4">
          <legend className="px-1 text-lg font-semibold">{t('personalInfo')}</legend>
          <PersonalFields idPrefix="profile" />
        </fieldset>
        <fieldset className="space-y-4 rounded-lg border border-line bg-card p-4">
          <legend className="px-1 text-lg font-semibold">{t('passwordChange')}</legend>
          <p className="text-sm text-muted">{t('passwordHint')}</p>
          <PasswordField id="profile-current" label={t('currentPassword')} error={error('currentPassword')} {...form.register('currentPassword')} autoComplete="current-password" />
          <PasswordField id="profile-new" label={t('newPassword')} error={error('newPassword')} {...form.register('newPassword')} autoComplete="new-password" />
          <PasswordField id="profile-new2" label={t('newPasswordConfirm')} error={error('newPasswordConfirm')} {...form.register('newPasswordConfirm')} autoComplete="new-password" />
        </fieldset>
        <SubmitButton busy={isSubmitting} label={t('save')} busyLabel={t('saving')} className={`${buttonClass} sm:w-auto`} />
      </form>
    </FormProvider>
  );
}
