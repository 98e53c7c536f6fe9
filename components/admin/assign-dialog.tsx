'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { adminApi, errorText } from './admin-api';
import { FormDialog } from './form-dialog';
import { ErrorMessage, FormField, inputClass } from './form-field';

/** Add package (§2 Users menu): a package and at least one platform; 30 days from now. */
export function AssignDialog({
  userId,
  userName,
  packages,
  open,
  onOpenChange,
  onSaved,
}: {
  userId: number;
  userName: string;
  packages: { id: number; ad: string }[];
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onSaved: () => void;
}) {
  const t = useTranslations('Admin.assign');
  const tp = useTranslations('Platforms');
  const tv = useTranslations('AdminValidation');
  const locale = useLocale();
  const [paketId, setPaketId] = useState<string>(packages[0] ? String(packages[0].id) : '');
  const [chosen, setChosen] = useState<Platform[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!paketId) return setError(tv('packageRequired'));
    if (chosen.length === 0) return setError(tv('platformRequired'));
    setError(null);
    setBusy(true);
    try {
      await adminApi('/api/kullanici-paketleri', {
        method: 'POST',
        body: { kullanici_id: userId, paket_id: Number(paketId), platform: chosen.join(',') },
        locale,
        fallback: t('failed'),
      });
      toast.success(t('success'));
      setChosen([]);
      onOpenChange(false);
      onSaved();
    } catch (err) {
      const text = errorText(err, t('failed'));
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description', { name: userName })}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('submit')}
    >
      <FormField id="assign-package" label={t('package')}>
        <select id="assign-package" value={paketId} onChange={(e) => setPaketId(e.target.value)} className={inputClass}>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.ad}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('platforms')}</legend>
        {PLATFORMS.map((p) => (
          <label key={p} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={chosen.includes(p)}
              onChange={(e) => setChosen((c) => (e.target.checked ? [...c, p] : c.filter((x) => x !== p)))}
            />
            {tp(p)}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted">{t('period')}</p>
      <ErrorMessage>{error}</ErrorMessage>
    </FormDialog>
  );
}
