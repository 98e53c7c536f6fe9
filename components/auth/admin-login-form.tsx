'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { adminLoginSchema } from '@/lib/auth/schemas';
import { sendJson, startSession } from './api';
import { InputField, PasswordField } from './fields';
import { ErrorMessage, SubmitButton } from './form-field';
import { useAuthForm } from './use-auth-form';

/** /admin-login (§2, §5): only rol admin gets in; success goes to /rooting. */
export function AdminLoginForm() {
  const t = useTranslations('Auth');
  const [failure, setFailure] = useState<string | null>(null);
  const { form, locale, router, isSubmitting, error } = useAuthForm(adminLoginSchema, { email: '', sifre: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const res = await sendJson('/api/auth/admin-login', values, locale);
    if (!res.ok || typeof res.body.token !== 'string' || !(await startSession(res.body.token, res.body.kullanici, 'admin'))) {
      setFailure(res.body.mesaj ?? t('admin.failed'));
      return;
    }
    router.replace('/rooting');
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ErrorMessage className="rounded-md border border-danger bg-card px-3 py-2 text-sm text-danger">{failure}</ErrorMessage>
      <InputField id="admin-email" label={t('fields.email')} error={error('email')} {...form.register('email')} type="email" autoComplete="username" inputMode="email" />
      <PasswordField id="admin-password" label={t('fields.password')} error={error('sifre')} {...form.register('sifre')} autoComplete="current-password" />
      <SubmitButton busy={isSubmitting} label={t('admin.submit')} busyLabel={t('admin.submitting')} spinner={false} />
    </form>
  );
}
