'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { adminLoginSchema } from '@/lib/auth/schemas';
import { sendJson, startSession } from './api';
import { buttonClass, fieldAria, FormField, inputClass } from './form-field';
import { PasswordInput } from './password-input';
import { useErrorText } from './use-error-text';

/** /admin-login (§2, §5): only rol admin gets in; success goes to /rooting. */
export function AdminLoginForm() {
  const t = useTranslations('Auth');
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof adminLoginSchema>, unknown, z.output<typeof adminLoginSchema>>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', sifre: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const res = await sendJson('/api/auth/admin-login', values, locale);
    if (!res.ok || typeof res.body.token !== 'string' || !(await startSession(res.body.token, res.body.kullanici, 'admin'))) {
      setFailure(res.body.mesaj ?? t('admin.failed'));
      return;
    }
    router.replace('/rooting');
    router.refresh();
  });

  const emailError = errorText(errors.email?.message);
  const passwordError = errorText(errors.sifre?.message);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? (
        <p role="alert" className="rounded-md border border-danger bg-card px-3 py-2 text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <FormField id="admin-email" label={t('fields.email')} error={emailError}>
        <input {...register('email')} {...fieldAria('admin-email', emailError)} type="email" autoComplete="username" inputMode="email" className={inputClass} />
      </FormField>
      <FormField id="admin-password" label={t('fields.password')} error={passwordError}>
        <PasswordInput {...register('sifre')} {...fieldAria('admin-password', passwordError)} autoComplete="current-password" />
      </FormField>
      <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={buttonClass}>
        {isSubmitting ? t('admin.submitting') : t('admin.submit')}
      </button>
    </form>
  );
}
