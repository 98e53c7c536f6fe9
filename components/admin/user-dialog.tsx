'use client';

import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { createUserSchema, updateUserSchema, PROFESSIONS } from '@/lib/domain/admin-users/schemas';
import { adminApi, errorText } from './admin-api';
import { FormDialog } from './form-dialog';
import { FormField } from './form-field';
import { useFieldError } from './use-field-error';
import { useSchemaForm } from './use-schema-form';
import { Input, Select } from '@/components/ui/input';

export type EditableUser = { id: number; ad: string; email: string; telefon: string; meslek: string; rol: 'user' | 'admin'; aktif: boolean };

type Values = { ad: string; email: string; telefon: string; meslek: string; rol: 'user' | 'admin'; sifre: string; sifre_tekrar: string; aktif: boolean };

const PROFESSION_KEYS: Record<(typeof PROFESSIONS)[number], string> = {
  'Sosyal Medya Uzmanı': 'socialMediaExpert',
  'İşletme Sahibi': 'businessOwner',
  Influencer: 'influencer',
  Diğer: 'other',
};

/** Add or edit a user (§5: create needs name, e-mail, password; edit needs name and e-mail). */
export function UserDialog({ user, open, onOpenChange, onSaved }: { user: EditableUser | null; open: boolean; onOpenChange: (v: boolean) => void; onSaved: () => void }) {
  const t = useTranslations('Admin.users');
  const locale = useLocale();
  const fieldError = useFieldError();
  const editing = user !== null;
  const schema = editing ? updateUserSchema : createUserSchema;
  const form = useSchemaForm<Values>(schema, {
    values: {
      ad: user?.ad ?? '',
      email: user?.email ?? '',
      telefon: user?.telefon ?? '',
      meslek: user?.meslek ?? '',
      rol: user?.rol ?? 'user',
      sifre: '',
      sifre_tekrar: '',
      aktif: user?.aktif ?? true,
    },
  });
  const { register, handleSubmit, formState } = form;
  const err = (name: keyof Values) => fieldError(formState.errors[name]?.message);

  async function submit(values: Values) {
    const body = { ...values, ad_soyad: values.ad, ...(editing && !values.sifre ? { sifre: undefined, sifre_tekrar: undefined } : {}) };
    try {
      if (editing) {
        await adminApi(`/api/users/${user.id}`, { method: 'PUT', body, locale, fallback: t('updateFailed') });
        toast.success(t('updated'));
      } else {
        await adminApi('/api/users', { method: 'POST', body, locale, fallback: t('createFailed') });
        toast.success(t('created'));
      }
      onOpenChange(false);
      onSaved();
    } catch (e) {
      toast.error(errorText(e, editing ? t('updateFailed') : t('createFailed')));
    }
  }

  const field = (name: keyof Values) => ({ id: `user-${name}`, 'aria-invalid': !!formState.errors[name], 'aria-describedby': formState.errors[name] ? `user-${name}-error` : undefined });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={editing ? t('editTitle') : t('addTitle')} onSubmit={handleSubmit(submit)} busy={formState.isSubmitting}>
      <FormField id="user-ad" label={t('fields.name')} error={err('ad')}>
        <Input {...register('ad')} {...field('ad')} autoComplete="off" />
      </FormField>
      <FormField id="user-email" label={t('fields.email')} error={err('email')}>
        <Input {...register('email')} {...field('email')} type="email" autoComplete="off" />
      </FormField>
      <FormField id="user-telefon" label={t('fields.phone')} error={err('telefon')}>
        <Input {...register('telefon')} {...field('telefon')} type="tel" autoComplete="off" />
      </FormField>
      <FormField id="user-meslek" label={t('fields.profession')} error={err('meslek')}>
        <Select {...register('meslek')} {...field('meslek')}>
          <option value="">{t('fields.professionNone')}</option>
          {PROFESSIONS.map((p) => (
            <option key={p} value={p}>
              {t(`professions.${PROFESSION_KEYS[p]}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="user-rol" label={t('fields.role')} error={err('rol')}>
        <Select {...register('rol')} {...field('rol')}>
          <option value="user">{t('roles.user')}</option>
          <option value="admin">{t('roles.admin')}</option>
        </Select>
      </FormField>
      <FormField id="user-sifre" label={editing ? t('fields.newPassword') : t('fields.password')} error={err('sifre')}>
        <Input {...register('sifre')} {...field('sifre')} type="password" autoComplete="new-password" />
      </FormField>
      <FormField id="user-sifre_tekrar" label={t('fields.passwordConfirm')} error={err('sifre_tekrar')}>
        <Input {...register('sifre_tekrar')} {...field('sifre_tekrar')} type="password" autoComplete="new-password" />
      </FormField>
      {editing ? (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" {...register('aktif')} className="h-5 w-5" />
          {t('fields.active')}
        </label>
      ) : null}
    </FormDialog>
  );
}
