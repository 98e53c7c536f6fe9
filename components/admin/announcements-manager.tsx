'use client';

import type { AdminAnnouncement } from '@/lib/domain/announcements/shapes';
import { useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { announcementSchema } from '@/lib/domain/announcements/schemas';
import { cn } from '@/lib/infra/utils/cn';
import { useCrud } from './use-crud';
import { AdminPageHeader } from './admin-page-header';
import { AdminCard, AdminCards, AdminTable, RowActionButtons, RowActions } from './admin-table';
import { DeleteConfirm, FormDialog } from './form-dialog';
import { ErrorMessage, FormField, inputClass } from './form-field';
import { useFieldError } from './use-field-error';
import { useSchemaForm } from './use-schema-form';

/** A row of the admin list: the API's shape (lib/domain/announcements), without its update time. */
export type AdminAnnouncementRow = Omit<AdminAnnouncement, 'guncelleme_tarihi'>;
type Values = { baslik: string; icerik: string; baslik_en: string; icerik_en: string; baslik_de: string; icerik_de: string; oncelik: string; aktif: boolean };

/** /rooting/announcements (§2): table and a modal with Turkish, English and (optional) German tabs. */
export function AnnouncementsManager({ announcements }: { announcements: AdminAnnouncementRow[] }) {
  const t = useTranslations('Admin.announcements');
  const tc = useTranslations('Admin.common');
  const format = useFormatter();
  const crud = useCrud<AdminAnnouncementRow>('/api/duyurular', { created: t('created'), updated: t('updated'), deleted: t('deleted'), saveFailed: t('failed'), deleteFailed: t('deleteFailed') });
  const { editing, edit, open, setOpen, deleting, setDeleting, save } = crud;
  const fieldError = useFieldError();
  const [tab, setTab] = useState('tr');

  const form = useSchemaForm<Values>(announcementSchema, {
    values: {
      baslik: editing?.baslik ?? '',
      icerik: editing?.icerik ?? '',
      baslik_en: editing?.baslik_en ?? '',
      icerik_en: editing?.icerik_en ?? '',
      baslik_de: editing?.baslik_de ?? '',
      icerik_de: editing?.icerik_de ?? '',
      oncelik: String(editing?.oncelik ?? 0),
      aktif: editing?.aktif ?? true,
    },
  });
  const { register, handleSubmit, formState } = form;
  const firstError = Object.values(formState.errors)[0]?.message;

  const invalid = (name: keyof Values) => ({ 'aria-invalid': !!formState.errors[name] });

  const priorityBadge = (oncelik: number) => (
    <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', oncelik > 0 ? 'bg-warning text-on-fill' : 'bg-line text-ink')}>{oncelik > 0 ? t('priorityHigh') : t('priorityNormal')}</span>
  );

  const openEditor = (row: AdminAnnouncementRow | null) => {
    edit(row);
    setTab('tr');
  };

  return (
    <section aria-labelledby="announcements-title">
      <AdminPageHeader titleId="announcements-title" title={t('title')} addLabel={t('add')} onAdd={() => openEditor(null)} />
      <AdminTable columns={[t('titleColumn'), t('content'), t('date'), t('priority'), t('status')]} isEmpty={announcements.length === 0} emptyText={t('empty')} phoneCards>
        {announcements.map((a) => (
          <tr key={a.id} className="border-b border-line align-top last:border-0">
            <th scope="row" className="p-3 font-medium">
              <span className="block">{a.baslik}</span>
              <span className="block text-xs font-normal text-muted" lang="en">
                {a.baslik_en}
              </span>
            </th>
            <td className="max-w-xs p-3">
              <p className="line-clamp-3 whitespace-pre-line">{a.icerik}</p>
            </td>
            <td className="p-3">{format.dateTime(new Date(a.tarih), { dateStyle: 'medium' })}</td>
            <td className="p-3">{priorityBadge(a.oncelik)}</td>
            <td className="p-3">{a.aktif ? t('active') : t('passive')}</td>
            <RowActions editLabel={t('editNamed', { title: a.baslik })} deleteLabel={t('deleteNamed', { title: a.baslik })} onEdit={() => openEditor(a)} onDelete={() => setDeleting(a)} />
          </tr>
        ))}
      </AdminTable>
      <AdminCards label={t('title')} isEmpty={announcements.length === 0} emptyText={t('empty')}>
        {announcements.map((a) => (
          <AdminCard
            key={a.id}
            data-announcement-card={a.id}
            title={a.baslik}
            badge={priorityBadge(a.oncelik)}
            fields={[
              [t('date'), format.dateTime(new Date(a.tarih), { dateStyle: 'medium' })],
              [t('status'), a.aktif ? t('active') : t('passive')],
            ]}
            actions={<RowActionButtons editLabel={t('editNamed', { title: a.baslik })} deleteLabel={t('deleteNamed', { title: a.baslik })} onEdit={() => openEditor(a)} onDelete={() => setDeleting(a)} />}
          >
            <p className="text-xs text-muted" lang="en">
              {a.baslik_en}
            </p>
            <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm">{a.icerik}</p>
          </AdminCard>
        ))}
      </AdminCards>
      <FormDialog open={open} onOpenChange={setOpen} title={editing ? t('editTitle') : t('addTitle')} onSubmit={handleSubmit(save)} busy={formState.isSubmitting}>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t('languages')} className="grid-cols-3">
            <TabsTrigger value="tr">{t('turkish')}</TabsTrigger>
            <TabsTrigger value="en">{t('english')}</TabsTrigger>
            <TabsTrigger value="de">{t('german')}</TabsTrigger>
          </TabsList>
          <TabsContent value="tr" forceMount className="data-[state=inactive]:hidden">
            <div className="flex flex-col gap-3">
              <FormField id="ann-baslik" label={t('fieldTitleTr')}>
                <input id="ann-baslik" {...register('baslik')} {...invalid('baslik')} className={inputClass} />
              </FormField>
              <FormField id="ann-icerik" label={t('fieldContentTr')}>
                <textarea id="ann-icerik" rows={5} {...register('icerik')} {...invalid('icerik')} className={inputClass} />
              </FormField>
            </div>
          </TabsContent>
          <TabsContent value="en" forceMount className="data-[state=inactive]:hidden">
            <div className="flex flex-col gap-3">
              <FormField id="ann-baslik_en" label={t('fieldTitleEn')}>
                <input id="ann-baslik_en" lang="en" {...register('baslik_en')} {...invalid('baslik_en')} className={inputClass} />
              </FormField>
              <FormField id="ann-icerik_en" label={t('fieldContentEn')}>
                <textarea id="ann-icerik_en" lang="en" rows={5} {...register('icerik_en')} {...invalid('icerik_en')} className={inputClass} />
              </FormField>
            </div>
          </TabsContent>
          <TabsContent value="de" forceMount className="data-[state=inactive]:hidden">
            <div className="flex flex-col gap-3">
              <p className="text-sm text-muted">{t('germanHint')}</p>
              <FormField id="ann-baslik_de" label={t('fieldTitleDe')}>
                <input id="ann-baslik_de" lang="de" {...register('baslik_de')} {...invalid('baslik_de')} className={inputClass} />
              </FormField>
              <FormField id="ann-icerik_de" label={t('fieldContentDe')}>
                <textarea id="ann-icerik_de" lang="de" rows={5} {...register('icerik_de')} {...invalid('icerik_de')} className={inputClass} />
              </FormField>
            </div>
          </TabsContent>
        </Tabs>
        <FormField id="ann-oncelik" label={t('priority')}>
          <select id="ann-oncelik" {...register('oncelik')} className={inputClass}>
            <option value="0">{t('priorityNormal')}</option>
            <option value="1">{t('priorityHigh')}</option>
          </select>
        </FormField>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" {...register('aktif')} className="h-5 w-5" />
          {t('active')}
        </label>
        <ErrorMessage>{fieldError(firstError)}</ErrorMessage>
      </FormDialog>
      <DeleteConfirm crud={crud} title={t('confirmDelete', { title: deleting?.baslik ?? '' })} description={tc('areYouSure')} />
    </section>
  );
}
