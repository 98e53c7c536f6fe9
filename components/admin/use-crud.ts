'use client';

import { useState } from 'react';
import { useLocale } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { adminApi, errorText } from './admin-api';

/**
 * The add/edit dialog and delete confirmation every /rooting table uses: POST to `base` or PUT
 * to `base/{id}`, DELETE `base/{id}`, a §8 toast either way, and a server refresh on success.
 */
export function useCrud<Row extends { id: number }>(
  base: string,
  texts: { created: string; updated: string; deleted: string; saveFailed: string; updateFailed?: string; deleteFailed: string },
) {
  const locale = useLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  /** Opens the dialog on `row`, or empty to add one. */
  function edit(row: Row | null) {
    setEditing(row);
    setOpen(true);
  }

  async function save(values: unknown) {
    const failed = editing ? (texts.updateFailed ?? texts.saveFailed) : texts.saveFailed;
    try {
      if (editing) await adminApi(`${base}/${editing.id}`, { method: 'PUT', body: values, locale, fallback: failed });
      else await adminApi(base, { method: 'POST', body: values, locale, fallback: failed });
      toast.success(editing ? texts.updated : texts.created);
      setOpen(false);
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, failed));
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi(`${base}/${deleting.id}`, { method: 'DELETE', locale, fallback: texts.deleteFailed });
      toast.success(texts.deleted);
      setDeleting(null);
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, texts.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return { editing, edit, open, setOpen, deleting, setDeleting, busy, save, remove, locale, router };
}
