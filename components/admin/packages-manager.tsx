'use client';

import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFormatter, useTranslations } from 'next-intl';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { packageSchema } from '@/lib/packages/schemas';
import { useCrud } from './use-crud';
import { FormField, dangerButton, inputClass, primaryButton, secondaryButton } from './form-field';

export type AdminPackage = { id: number; ad: string; platform_fiyatlari: { instagram: number; twitter: number; youtube: number }; gunluk_limit: number; profil_limit: number };
type Values = { ad: string; platform_fiyatlari: { instagram: string; twitter: string; youtube: string }; gunluk_limit: string; profil_limit: string };

/** /rooting/packages (§2): the table and the add/edit dialog; prices in dollars. */
export function PackagesManager({ packages }: { packages: AdminPackage[] }) {
  const t = useTranslations('Admin.packages');
  const tc = useTranslations('Admin.common');
  const tv = useTranslations('PackageValidation');
  const format = useFormatter();
  const { editing, setEditing, open, setOpen, deleting, setDeleting, busy, save, remove } = useCrud<AdminPackage>('/api/paketler', { created: t('created'), updated: t('updated'), deleted: t('deleted'), saveFailed: t('saveFailed'), deleteFailed: t('deleteFailed') });
  const usd = (v: number) => format.number(v, { style: 'currency', currency: 'USD' });

  const form = useForm<Values>({
    resolver: zodResolver(packageSchema as never) as unknown as Resolver<Values>,
    values: {
      ad: editing?.ad ?? '',
      platform_fiyatlari: {
        instagram: editing ? String(editing.platform_fiyatlari.instagram) : '',
        twitter: editing ? String(editing.platform_fiyatlari.twitter) : '',
        youtube: editing ? String(editing.platform_fiyatlari.youtube) : '',
      },
      gunluk_limit: editing ? String(editing.gunluk_limit) : '',
      profil_limit: editing ? String(editing.profil_limit) : '',
    },
  });
  const { register, handleSubmit, formState } = form;
  const hasError = Object.keys(formState.errors).length > 0;

  const num = (name: 'gunluk_limit' | 'profil_limit' | `platform_fiyatlari.${'instagram' | 'twitter' | 'youtube'}`, step: string) => ({
    ...register(name),
    id: `package-${name.replace('.', '-')}`,
    type: 'number',
    min: 0,
    step,
    inputMode: 'decimal' as const,
    className: inputClass,
    'aria-invalid': hasError,
  });

  return (
    <section aria-labelledby="packages-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 id="packages-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('add')}
        </button>
      </div>
      <div className="overflow-x-auto rounded-lg bg-card shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="p-3">{t('name')}</th>
              <th scope="col" className="p-3">{t('priceInstagram')}</th>
              <th scope="col" className="p-3">{t('priceTwitter')}</th>
              <th scope="col" className="p-3">{t('priceYoutube')}</th>
              <th scope="col" className="p-3">{t('dailyLimit')}</th>
              <th scope="col" className="p-3">{t('profileLimit')}</th>
              <th scope="col" className="p-3">{tc('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {packages.length === 0 ? (
              <tr>
                <td colSpan={7} className="p-6 text-center text-muted">
                  {t('empty')}
                </td>
              </tr>
            ) : null}
            {packages.map((p) => (
              <tr key={p.id} className="border-b border-line last:border-0">
                <th scope="row" className="p-3 font-medium">{p.ad}</th>
                <td className="p-3">{usd(p.platform_fiyatlari.instagram)}</td>
                <td className="p-3">{usd(p.platform_fiyatlari.twitter)}</td>
                <td className="p-3">{usd(p.platform_fiyatlari.youtube)}</td>
                <td className="p-3">{p.gunluk_limit}</td>
                <td className="p-3">{p.profil_limit}</td>
                <td className="p-3">
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={secondaryButton}
                      aria-label={t('editNamed', { name: p.ad })}
                      onClick={() => {
                        setEditing(p);
                        setOpen(true);
                      }}
                    >
                      {tc('edit')}
                    </button>
                    <button type="button" className={dangerButton} aria-label={t('deleteNamed', { name: p.ad })} onClick={() => setDeleting(p)}>
                      {tc('delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={editing ? t('editTitle') : t('addTitle')} closeLabel={tc('close')}>
          <form onSubmit={handleSubmit(save)} noValidate className="flex flex-col gap-3">
            <FormField id="package-ad" label={t('name')}>
              <input {...register('ad')} id="package-ad" className={inputClass} aria-invalid={hasError} />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField id="package-platform_fiyatlari-instagram" label={t('priceInstagram')}>
                <input {...num('platform_fiyatlari.instagram', '0.01')} />
              </FormField>
              <FormField id="package-platform_fiyatlari-twitter" label={t('priceTwitter')}>
                <input {...num('platform_fiyatlari.twitter', '0.01')} />
              </FormField>
              <FormField id="package-platform_fiyatlari-youtube" label={t('priceYoutube')}>
                <input {...num('platform_fiyatlari.youtube', '0.01')} />
              </FormField>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id="package-gunluk_limit" label={t('dailyLimit')}>
                <input {...num('gunluk_limit', '1')} />
              </FormField>
              <FormField id="package-profil_limit" label={t('profileLimit')}>
                <input {...num('profil_limit', '1')} />
              </FormField>
            </div>
            {hasError ? (
              <p role="alert" className="text-sm text-danger">
                {tv('allFields')}
              </p>
            ) : null}
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
                {tc('cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
                {formState.isSubmitting ? tc('saving') : tc('save')}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(v) => !v && setDeleting(null)}
        title={t('confirmDelete', { name: deleting?.ad ?? '' })}
        description={t('deleteNote')}
        confirmLabel={tc('delete')}
        cancelLabel={tc('cancel')}
        onConfirm={remove}
        busy={busy}
      />
    </section>
  );
}
