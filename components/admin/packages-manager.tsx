'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { packageSchema } from '@/lib/domain/packages/schemas';
import { useCrud } from './use-crud';
import { AdminPageHeader } from './admin-page-header';
import { AdminCard, AdminCards, AdminTable, RowActionButtons, RowActions } from './admin-table';
import { DeleteConfirm, FormDialog } from './form-dialog';
import { ErrorMessage, FormField } from './form-field';
import { useSchemaForm } from './use-schema-form';
import { Input } from '@/components/ui/input';

/** A package as the API sends it (§3): `platform_fiyatlari` has every platform of the registry, 0 where it is not sold. */
export type AdminPackage = { id: number; ad: string; ad_en: string | null; ad_de: string | null; platform_fiyatlari: Record<Platform, number>; gunluk_limit: number; profil_limit: number };
type Values = { ad: string; ad_en: string; ad_de: string; platform_fiyatlari: Record<Platform, string>; gunluk_limit: string; profil_limit: string };

/**
 * /rooting/packages (§2): the table (cards on a phone or tablet) and the add/edit dialog; prices in
 * dollars, one per platform of the registry (issue #34 item 2). A package's name in Turkish is
 * required, in English and German optional (issue #32 item 6: readers without one get the fallback
 * of lib/domain/packages packageName). A platform the package has no price on (one added later) shows as
 * not sold and its field starts empty: saving asks for a price there.
 */
export function PackagesManager({ packages }: { packages: AdminPackage[] }) {
  const t = useTranslations('Admin.packages');
  const tv = useTranslations('PackageValidation');
  const tp = useTranslations('Platforms');
  const format = useFormatter();
  const crud = useCrud<AdminPackage>('/api/paketler', { created: t('created'), updated: t('updated'), deleted: t('deleted'), saveFailed: t('saveFailed'), deleteFailed: t('deleteFailed') });
  const { editing, edit, open, setOpen, deleting, setDeleting, save } = crud;
  const usd = (v: number) => format.number(v, { style: 'currency', currency: 'USD' });
  const priceLabel = (platform: Platform) => t('priceOn', { platform: tp(platform) });
  const priceText = (p: AdminPackage, platform: Platform) => (p.platform_fiyatlari[platform] > 0 ? usd(p.platform_fiyatlari[platform]) : t('notSold'));

  const form = useSchemaForm<Values>(packageSchema, {
    values: {
      ad: editing?.ad ?? '',
      ad_en: editing?.ad_en ?? '',
      ad_de: editing?.ad_de ?? '',
      platform_fiyatlari: Object.fromEntries(
        PLATFORMS.map((platform) => [platform, editing && editing.platform_fiyatlari[platform] > 0 ? String(editing.platform_fiyatlari[platform]) : '']),
      ) as Record<Platform, string>,
      gunluk_limit: editing ? String(editing.gunluk_limit) : '',
      profil_limit: editing ? String(editing.profil_limit) : '',
    },
  });
  const { register, handleSubmit, formState } = form;
  const hasError = Object.keys(formState.errors).length > 0;

  /** A labelled number input of the dialog (prices step by cents, limits by one). */
  const numberField = (name: 'gunluk_limit' | 'profil_limit' | `platform_fiyatlari.${Platform}`, label: string, step: string) => {
    const id = `package-${name.replace('.', '-')}`;
    return (
      <FormField key={id} id={id} label={label}>
        <Input {...register(name)} id={id} type="number" min={0} step={step} inputMode="decimal" aria-invalid={hasError} />
      </FormField>
    );
  };

  return (
    <section aria-labelledby="packages-title">
      <AdminPageHeader titleId="packages-title" title={t('title')} addLabel={t('add')} onAdd={() => edit(null)} />
      <AdminTable
        columns={[t('name'), ...PLATFORMS.map(priceLabel), t('dailyLimit'), t('profileLimit')]}
        isEmpty={packages.length === 0}
        emptyText={t('empty')}
        numeric={Array.from({ length: PLATFORMS.length + 2 }, (_, i) => i + 1)}
        phoneCards
      >
        {packages.map((p) => (
          <tr key={p.id} className="border-b border-line last:border-0">
            <th scope="row" className="p-3 font-medium">
              {p.ad}
              {p.ad_en ? (
                <span lang="en" className="block text-xs font-normal text-muted">
                  {t('otherName', { language: 'en', name: p.ad_en })}
                </span>
              ) : null}
              {p.ad_de ? (
                <span lang="de" className="block text-xs font-normal text-muted">
                  {t('otherName', { language: 'de', name: p.ad_de })}
                </span>
              ) : null}
            </th>
            {PLATFORMS.map((platform) => (
              <td key={platform} className="p-3 text-right tabular-nums">
                {priceText(p, platform)}
              </td>
            ))}
            <td className="p-3 text-right tabular-nums">{p.gunluk_limit}</td>
            <td className="p-3 text-right tabular-nums">{p.profil_limit}</td>
            <RowActions editLabel={t('editNamed', { name: p.ad })} deleteLabel={t('deleteNamed', { name: p.ad })} onEdit={() => edit(p)} onDelete={() => setDeleting(p)} name={p.ad} />
          </tr>
        ))}
      </AdminTable>
      <AdminCards label={t('title')} isEmpty={packages.length === 0} emptyText={t('empty')}>
        {packages.map((p) => (
          <AdminCard
            key={p.id}
            data-package-card={p.id}
            title={p.ad}
            fields={[
              ...PLATFORMS.map((platform): [string, string] => [priceLabel(platform), priceText(p, platform)]),
              [t('dailyLimit'), p.gunluk_limit],
              [t('profileLimit'), p.profil_limit],
            ]}
            actions={<RowActionButtons editLabel={t('editNamed', { name: p.ad })} deleteLabel={t('deleteNamed', { name: p.ad })} onEdit={() => edit(p)} onDelete={() => setDeleting(p)} name={p.ad} />}
          />
        ))}
      </AdminCards>
      <FormDialog open={open} onOpenChange={setOpen} title={editing ? t('editTitle') : t('addTitle')} onSubmit={handleSubmit(save)} busy={formState.isSubmitting}>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField id="package-ad" label={t('nameTr')}>
            <Input {...register('ad')} id="package-ad" lang="tr" aria-invalid={hasError} />
          </FormField>
          <FormField id="package-ad_en" label={t('nameEn')}>
            <Input {...register('ad_en')} id="package-ad_en" lang="en" aria-describedby="package-names-hint" aria-invalid={hasError} />
          </FormField>
          <FormField id="package-ad_de" label={t('nameDe')}>
            <Input {...register('ad_de')} id="package-ad_de" lang="de" aria-describedby="package-names-hint" aria-invalid={hasError} />
          </FormField>
        </div>
        <p id="package-names-hint" className="text-sm text-muted">
          {t('namesHint')}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLATFORMS.map((platform) => numberField(`platform_fiyatlari.${platform}`, priceLabel(platform), '0.01'))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {numberField('gunluk_limit', t('dailyLimit'), '1')}
          {numberField('profil_limit', t('profileLimit'), '1')}
        </div>
        <ErrorMessage>{hasError ? tv('allFields') : null}</ErrorMessage>
      </FormDialog>
      <DeleteConfirm crud={crud} title={t('confirmDelete', { name: deleting?.ad ?? '' })} description={t('deleteNote')} />
    </section>
  );
}
