'use client';

import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useFormatter, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { PLATFORMS } from '@/lib/domain/catalogue/services';
import { discountSchema } from '@/lib/domain/discounts/schemas';
import type { ApiDiscountCode } from '@/lib/domain/discounts/shapes';
import { cn } from '@/lib/infra/utils/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { adminApi, errorText } from './admin-api';
import { useCrud } from './use-crud';
import { discountedPrice, usageLevel } from './discount-usage';
import { AdminPageHeader } from './admin-page-header';
import { AdminCard, AdminCards, AdminTable, RowActionButtons, RowActions } from './admin-table';
import { DeleteConfirm, FormDialog } from './form-dialog';
import { FormField, inputClass } from './form-field';
import { useFieldError } from './use-field-error';
import type { AdminPackage } from './packages-manager';
import { useSchemaForm } from './use-schema-form';
import { Input } from '@/components/ui/input';

/** A code as the API sends it (§3). */
export type AdminDiscount = ApiDiscountCode;
type Values = { kod: string; paket_id: string[]; indirim_yuzdesi: string; maksimum_kullanim: string; bitis_tarihi: string; aktif: boolean };

const LEVEL_CLASS = { exhausted: 'text-danger', warning: 'text-warning', ok: 'text-success' } as const;

/** /rooting/discounts (§2, §4): the table with usage colours and the dialog with a price preview. */
export function DiscountsManager({ codes, packages }: { codes: AdminDiscount[]; packages: AdminPackage[] }) {
  const t = useTranslations('Admin.discounts');
  const tc = useTranslations('Admin.common');
  const tp = useTranslations('Platforms');
  const format = useFormatter();
  const fieldError = useFieldError();
  const crud = useCrud<AdminDiscount>('/api/indirim-kodlari', {
    created: t('created'),
    updated: t('updated'),
    deleted: t('deleted'),
    saveFailed: t('saveFailed'),
    updateFailed: t('updateFailed'),
    deleteFailed: t('deleteFailed'),
  });
  const { editing, edit, open, setOpen, deleting, setDeleting, save, locale, router } = crud;
  const names = useMemo(() => new Map(packages.map((p) => [p.id, p.ad])), [packages]);
  const usd = (v: number) => format.number(v, { style: 'currency', currency: 'USD' });

  const form = useSchemaForm<Values>(discountSchema, {
    values: {
      kod: editing?.kod ?? '',
      paket_id: editing ? editing.paket_id.map(String) : [],
      indirim_yuzdesi: editing ? String(editing.indirim_yuzdesi) : '',
      maksimum_kullanim: editing ? String(editing.maksimum_kullanim) : '',
      bitis_tarihi: editing?.bitis_gunu ?? '',
      aktif: editing?.aktif ?? true,
    },
  });
  const { register, handleSubmit, formState, control } = form;
  const chosen = useWatch({ control, name: 'paket_id' }) ?? [];
  const percent = Number(useWatch({ control, name: 'indirim_yuzdesi' }));
  const err = (name: keyof Values) => fieldError(formState.errors[name]?.message);

  async function toggle(code: AdminDiscount) {
    try {
      await adminApi(`/api/indirim-kodlari/${code.id}`, { method: 'PUT', body: { ...code, aktif: !code.aktif }, locale, fallback: t('updateFailed') });
      toast.success(code.aktif ? t('deactivated', { kod: code.kod }) : t('activated', { kod: code.kod }));
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, t('updateFailed')));
    }
  }

  const field = (name: keyof Values) => ({ id: `discount-${name}`, 'aria-invalid': !!formState.errors[name], 'aria-describedby': formState.errors[name] ? `discount-${name}-error` : undefined });
  const validPercent = Number.isInteger(percent) && percent >= 1 && percent <= 100;

  return (
    <section aria-labelledby="discounts-title">
      <AdminPageHeader titleId="discounts-title" title={t('title')} addLabel={t('add')} onAdd={() => edit(null)} />
      <AdminTable columns={[t('code'), t('packages'), t('percent'), t('usage'), t('endDate'), t('status')]} isEmpty={codes.length === 0} emptyText={t('empty')} numeric={[2, 3]} phoneCards>
        {codes.map((c) => {
          const level = usageLevel(c.kullanilan_sayisi, c.maksimum_kullanim);
          return (
            <tr key={c.id} className="border-b border-line last:border-0">
              <th scope="row" className="p-3 font-mono font-semibold">{c.kod}</th>
              <td className="p-3">{c.paket_id.map((id) => names.get(id) ?? `#${id}`).join(', ')}</td>
              <td className="p-3 text-right tabular-nums">%{c.indirim_yuzdesi}</td>
              <td className={cn('p-3 text-right font-semibold tabular-nums', LEVEL_CLASS[level])}>
                {c.kullanilan_sayisi}/{c.maksimum_kullanim}
                {level === 'exhausted' ? ` · ${t('exhausted')}` : ''}
              </td>
              <td className="p-3">{format.dateTime(new Date(c.bitis_tarihi), { dateStyle: 'medium' })}</td>
              <td className="p-3">
                <Badge tone={c.aktif ? 'success' : 'neutral'}>{c.aktif ? t('active') : t('passive')}</Badge>
              </td>
              <RowActions wrap editLabel={t('editNamed', { kod: c.kod })} deleteLabel={t('deleteNamed', { kod: c.kod })} onEdit={() => edit(c)} onDelete={() => setDeleting(c)} name={c.kod}>
                <Button variant="secondary" onClick={() => toggle(c)} aria-label={c.aktif ? t('deactivateNamed', { kod: c.kod }) : t('activateNamed', { kod: c.kod })}>
                  {c.aktif ? t('deactivate') : t('activate')}
                </Button>
              </RowActions>
            </tr>
          );
        })}
      </AdminTable>
      <AdminCards label={t('title')} isEmpty={codes.length === 0} emptyText={t('empty')}>
        {codes.map((c) => {
          const level = usageLevel(c.kullanilan_sayisi, c.maksimum_kullanim);
          return (
            <AdminCard
              key={c.id}
              data-discount-card={c.id}
              title={<span className="font-mono">{c.kod}</span>}
              badge={<Badge tone={c.aktif ? 'success' : 'neutral'}>{c.aktif ? t('active') : t('passive')}</Badge>}
              fields={[
                [t('packages'), c.paket_id.map((id) => names.get(id) ?? `#${id}`).join(', ')],
                [t('percent'), `%${c.indirim_yuzdesi}`],
                [
                  t('usage'),
                  <span key="usage" className={cn('font-semibold', LEVEL_CLASS[level])}>
                    {c.kullanilan_sayisi}/{c.maksimum_kullanim}
                    {level === 'exhausted' ? ` · ${t('exhausted')}` : ''}
                  </span>,
                ],
                [t('endDate'), format.dateTime(new Date(c.bitis_tarihi), { dateStyle: 'medium' })],
              ]}
              actions={
                <RowActionButtons wrap editLabel={t('editNamed', { kod: c.kod })} deleteLabel={t('deleteNamed', { kod: c.kod })} onEdit={() => edit(c)} onDelete={() => setDeleting(c)} name={c.kod}>
                  <Button variant="secondary" onClick={() => toggle(c)} aria-label={c.aktif ? t('deactivateNamed', { kod: c.kod }) : t('activateNamed', { kod: c.kod })}>
                    {c.aktif ? t('deactivate') : t('activate')}
                  </Button>
                </RowActionButtons>
              }
            />
          );
        })}
      </AdminCards>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={editing ? t('editTitle') : t('addTitle')}
        onSubmit={handleSubmit(save)}
        busy={formState.isSubmitting}
        submitDisabled={chosen.length === 0}
      >
        <FormField id="discount-kod" label={t('code')} error={err('kod')}>
          <input
            {...register('kod', { setValueAs: (v: string) => v.toUpperCase() })}
            {...field('kod')}
            className={cn(inputClass, 'font-mono uppercase')}
            autoComplete="off"
            onInput={(e) => {
              e.currentTarget.value = e.currentTarget.value.toUpperCase();
            }}
          />
        </FormField>
        <fieldset className="flex flex-col gap-1" aria-describedby={formState.errors.paket_id ? 'discount-paket_id-error' : undefined}>
          <legend className="text-sm font-medium">{t('packages')}</legend>
          {packages.map((p) => (
            <label key={p.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" value={String(p.id)} {...register('paket_id')} className="h-5 w-5" />
              {p.ad}
            </label>
          ))}
          {formState.errors.paket_id ? (
            <p id="discount-paket_id-error" role="alert" className="text-sm text-danger">
              {fieldError(formState.errors.paket_id.message)}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="discount-indirim_yuzdesi" label={t('percent')} error={err('indirim_yuzdesi')}>
            <Input {...register('indirim_yuzdesi')} {...field('indirim_yuzdesi')} type="number" min={1} max={100} step={1} />
          </FormField>
          <FormField id="discount-maksimum_kullanim" label={t('maxUsage')} error={err('maksimum_kullanim')}>
            <Input {...register('maksimum_kullanim')} {...field('maksimum_kullanim')} type="number" min={1} step={1} />
          </FormField>
        </div>
        <FormField id="discount-bitis_tarihi" label={t('endDate')} error={err('bitis_tarihi')}>
          <Input {...register('bitis_tarihi')} {...field('bitis_tarihi')} type="date" />
        </FormField>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" {...register('aktif')} className="h-5 w-5" />
          {t('active')}
        </label>
        {chosen.length > 0 && validPercent ? (
          <div className="rounded-md bg-brand-soft p-3 text-sm" aria-live="polite">
            <p className="font-semibold">{t('preview')}</p>
            <ul className="mt-1 flex flex-col gap-1">
              {packages
                .filter((p) => chosen.includes(String(p.id)))
                .map((p) => (
                  <li key={p.id}>
                    {t('previewLine', {
                      name: p.ad,
                      prices: format.list(
                        PLATFORMS.filter((platform) => p.platform_fiyatlari[platform] > 0).map((platform) =>
                          t('previewPrice', { platform: tp(platform), price: usd(discountedPrice(p.platform_fiyatlari[platform], percent)) }),
                        ),
                        { type: 'conjunction' },
                      ),
                    })}
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
      </FormDialog>
      <DeleteConfirm crud={crud} title={t('confirmDelete', { kod: deleting?.kod ?? '' })} description={tc('areYouSure')} />
    </section>
  );
}
