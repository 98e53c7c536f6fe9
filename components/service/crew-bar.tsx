'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Pencil, Save, Trash2, Users } from 'lucide-react';
import type { Platform } from '@/lib/domain/catalogue/services';
import type { CrewView } from '@/lib/domain/crews/responses';
import { CREW_NAME_MAX } from '@/lib/domain/crews/schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api, type ApiResult } from './service-api';
import { skippedOf, type CrewPick } from './crew-bulk-helpers';


type Props = {
  platform: Platform;
  /** The page's profiles (the active ones of the platform). */
  pageIds: ReadonlySet<number>;
  selected: readonly number[];
  cap: number | null;
  /** The crew picked last, while the ticks are still its own. */
  picked: CrewPick | null;
  onPick: (pick: CrewPick) => void;
};

/**
 * Crews on a service page (issue #36 item 3): the customer's saved sets of profiles of this
 * platform. One tap ticks a crew's active profiles (never others in place of those that left or
 * are paused: the note names them); the ticked set can be saved as a crew; the picked crew can be
 * renamed or deleted. Only for a signed-in customer.
 */
export function CrewBar({ platform, pageIds, selected, cap, picked, onPick }: Props) {
  const t = useTranslations('Crews');
  const te = useTranslations();
  const tc = useTranslations('Common');
  const locale = useLocale();
  const nameId = useId();
  const [crews, setCrews] = useState<CrewView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [note, setNote] = useState<{ crewId: number; text: string } | null>(null);
  const [dialog, setDialog] = useState<{ mode: 'save' | 'rename'; name: string; error?: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  // Read on mount and again after every change (`version`); the answer is applied in the callback.
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    void api(`/api/crews?platform=${platform}`, locale, { method: 'GET' }).then((r) => {
      if (!live) return;
      if (r.ok && Array.isArray(r.body.crews)) {
        setCrews(r.body.crews as CrewView[]);
        setFailed(false);
      } else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [platform, locale, version]);

  const errorOf = (r: ApiResult) => {
    const code = r.body.code;
    if (code && code !== 'VALIDATION_FAILED' && te.has(`Errors.${code}`)) return te(`Errors.${code}`, { platform, count: Number(r.body.count) || 1 });
    return r.body.mesaj ?? t('error');
  };

  function pick(crew: CrewView) {
    const skipped = skippedOf(crew, pageIds);
    let ids = crew.profiles.filter((p) => p.state === 'active' && pageIds.has(p.id)).map((p) => p.id);
    const overCap = cap !== null && ids.length > cap ? ids.length - cap : 0;
    if (overCap > 0) ids = ids.slice(0, cap!);
    onPick({ id: crew.id, ids });
    const parts = skipped.map((p) => t(`state.${p.state === 'active' ? 'inactive' : p.state}`, { handle: p.username ? `@${p.username}` : `#${p.id}` }));
    const lines: string[] = [];
    if (skipped.length > 0) lines.push(t('skipped', { skipped: skipped.length, total: crew.profiles.length, list: parts.join(', ') }));
    if (overCap > 0) lines.push(t('overCap', { count: overCap, cap: cap! }));
    setNote(lines.length > 0 ? { crewId: crew.id, text: lines.join(' ') } : null);
  }

  const current = picked ? crews?.find((c) => c.id === picked.id) : undefined;

  async function submitName(e: FormEvent) {
    e.preventDefault();
    if (!dialog || busy) return;
    const name = dialog.name.trim();
    if (!name) return setDialog({ ...dialog, error: te('Validation.crew_name_required') });
    setBusy(true);
    try {
      const r =
        dialog.mode === 'save'
          ? await api('/api/crews', locale, { body: { platform, name, profile_ids: [...selected] } })
          : await api(`/api/crews/${current!.id}`, locale, { method: 'PUT', body: { name } });
      if (!r.ok) return setDialog({ ...dialog, error: errorOf(r) });
      const crew = r.body.crew as CrewView;
      toast.success(dialog.mode === 'save' ? t('saved', { name: crew.name }) : t('renamed', { name: crew.name }));
      setDialog(null);
      load();
      if (dialog.mode === 'save') onPick({ id: crew.id, ids: [...selected] });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!current || busy) return;
    setBusy(true);
    try {
      const r = await api(`/api/crews/${current.id}`, locale, { method: 'DELETE' });
      if (!r.ok) toast.error(errorOf(r));
      else toast.success(t('deleted', { name: current.name }));
      setConfirmDelete(false);
      setNote(null);
      load();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${nameId}-title`} className="rounded-card border border-line bg-card p-3" data-crews>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${nameId}-title`} className="flex items-center gap-2 text-base font-semibold">
          <Users aria-hidden="true" className="size-4 text-brand" />
          {t('title')}
        </h2>
        <Button variant="secondary" size="sm" disabled={selected.length === 0} onClick={() => setDialog({ mode: 'save', name: '' })} data-crew-save>
          <Save aria-hidden="true" className="size-4" />
          {t('saveCurrent')}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t('loadError')}
        </p>
      ) : crews === null ? (
        <p role="status" className="mt-2 text-sm text-muted">
          {t('loading')}
        </p>
      ) : crews.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('empty')}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('listLabel')}>
          {crews.map((crew) => {
            const active = picked?.id === crew.id;
            return (
              <li key={crew.id}>
                <Button
                  variant={active ? 'outline' : 'secondary'}
                  size="sm"
                  className="max-w-full"
                  aria-pressed={active}
                  onClick={() => pick(crew)}
                  data-crew={crew.name}
                >
                  <span className="truncate">{crew.name}</span>
                  <span className="text-xs text-muted tabular-nums">{t('count', { available: crew.available, total: crew.profiles.length })}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {note && picked?.id === note.crewId ? (
        <p className="mt-2 text-sm text-warning" role="status" data-crew-note>
          {note.text}
        </p>
      ) : null}
      {current ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onClick={() => setDialog({ mode: 'rename', name: current.name })} data-crew-rename>
            <Pencil aria-hidden="true" className="size-4" />
            {t('rename')}
            <span className="sr-only">{` – ${current.name}`}</span>
          </Button>
          <Button variant="ghost" size="sm" className="text-danger" onClick={() => setConfirmDelete(true)} data-crew-delete>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('delete')}
            <span className="sr-only">{` – ${current.name}`}</span>
          </Button>
        </div>
      ) : null}

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : setDialog(null))}>
        {dialog ? (
          <DialogContent
            title={dialog.mode === 'save' ? t('saveTitle') : t('renameTitle')}
            description={dialog.mode === 'save' ? t('saveDescription', { count: selected.length }) : undefined}
            closeLabel={tc('close')}
          >
            <form onSubmit={submitName} noValidate className="space-y-4">
              <FormField look="stack" id={`${nameId}-name`} label={t('name')} error={dialog.error}>
                <Input
                  {...fieldAria(`${nameId}-name`, dialog.error)}
                  value={dialog.name}
                  maxLength={CREW_NAME_MAX}
                  autoComplete="off"
                  onChange={(e) => setDialog({ ...dialog, name: e.target.value, error: undefined })}
                />
              </FormField>
              <div className="flex justify-end">
                <Button type="submit" loading={busy} data-crew-submit>
                  {dialog.mode === 'save' ? t('save') : t('rename')}
                </Button>
              </div>
            </form>
          </DialogContent>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('deleteTitle', { name: current?.name ?? '' })}
        description={t('deleteDescription')}
        confirmLabel={t('delete')}
        cancelLabel={tc('cancel')}
        onConfirm={remove}
        busy={busy}
      />
    </section>
  );
}
