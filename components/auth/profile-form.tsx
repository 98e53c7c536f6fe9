'use client';

import { FormProvider } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { sendJson, startSession } from './api';
import { PasswordField } from './fields';
import { buttonClass, SubmitButton } from './form-field';
import { PersonalFields } from './personal-fields';
import { useAuthForm } from './use-auth-form';
import { cardVariants } from '@/components/ui/card';

export type ProfileDefaults = { ad_soyad: string; email: string; telefon: string; meslek: string };

/** Answers of PUT /api/users/profile/me that belong on the current-password field. */
const CURRENT_PASSWORD_CODES = new Set(['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_WRONG', 'RATE_LIMITED']);

/**
 * /panel/settings (§2, §5): personal information and the password change in one form. A blank new
 * password changes nothing; a new one, or a changed e-mail address, needs the current password
 * (issue 14: a stolen session must not be enough to take the account). While the e-mail is being
 * edited the current-password field moves up beside it. After either change the server answers a
 * new token, which becomes this browser's session (every other one has ended).
 */
export function ProfileForm({ defaults, kind }: { defaults: ProfileDefaults; kind: 'user' | 'admin' }) {
  const t = useTranslations('Settings');
  const { form, locale, router, isSubmitting, error } = useAuthForm(() => import('@/lib/domain/users/schemas').then((m) => m.profileFormSchema), { ...defaults, currentPassword: '', newPassword: '', newPasswordConfirm: '' });
  const savedEmail = (form.formState.defaultValues?.email ?? defaults.email).trim().toLowerCase();
  const emailChanged = (form.watch('email') ?? '').trim().toLowerCase() !== savedEmail;

  const onSubmit = form.handleSubmit(async ({ ad_soyad, email, telefon, meslek, currentPassword, newPassword }) => {
    const changingEmail = email !== savedEmail;
    if (changingEmail && !currentPassword) {
      form.setError('currentPassword', { message: 'Validation.current_password_required_email' }, { shouldFocus: true });
      return;
    }
    const body = newPassword || changingEmail ? { ad_soyad, email, telefon, meslek, currentPassword, newPassword } : { ad_soyad, email, telefon, meslek };
    const res = await sendJson('/api/users/profile/me', body, locale, 'PUT');
    if (!res.ok) {
      const code = typeof res.body.code === 'string' ? res.body.code : '';
      if (CURRENT_PASSWORD_CODES.has(code) && 'currentPassword' in body) {
        form.setError('currentPassword', { message: res.body.mesaj ?? t('update_error') }, { shouldFocus: true });
      } else {
        toast.error(res.body.mesaj ?? t('update_error'));
      }
      return;
    }
    const kullanici = res.body.kullanici as ProfileDefaults;
    if (typeof res.body.token === 'string') {
      await startSession(res.body.token, kullanici, kind);
      if (changingEmail) toast.success(t('emailChanged'));
      if (newPassword) toast.success(t('passwordChanged'));
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

  // One current-password field: beside the e-mail while it is being changed, else with the password change.
  const currentPassword = (
    <PasswordField id="profile-current" label={t('currentPassword')} error={error('currentPassword')} {...form.register('currentPassword')} autoComplete="current-password" />
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset className={cardVariants('space-y-4 p-4')}>
          <legend className="px-1 text-lg font-semibold">{t('personalInfo')}</legend>
          <PersonalFields idPrefix="profile" />
          {emailChanged ? (
            <div className="space-y-2 rounded-md border border-line p-3">
              <p className="text-sm text-muted">{t('emailPasswordHint')}</p>
              {currentPassword}
            </div>
          ) : null}
        </fieldset>
        <fieldset className={cardVariants('space-y-4 p-4')}>
          <legend className="px-1 text-lg font-semibold">{t('passwordChange')}</legend>
          <p className="text-sm text-muted">{t('passwordHint')}</p>
          <p className="text-sm text-muted">{t('passwordKeysHint')}</p>
          {emailChanged ? null : currentPassword}
          <PasswordField id="profile-new" label={t('newPassword')} error={error('newPassword')} {...form.register('newPassword')} autoComplete="new-password" />
          <PasswordField id="profile-new2" label={t('newPasswordConfirm')} error={error('newPasswordConfirm')} {...form.register('newPasswordConfirm')} autoComplete="new-password" />
        </fieldset>
        <SubmitButton busy={isSubmitting} label={t('save')} busyLabel={t('saving')} className={`${buttonClass} sm:w-auto`} />
      </form>
    </FormProvider>
  );
}
