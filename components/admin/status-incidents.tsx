'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Activity } from 'lucide-react';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import { adminApi, errorText } from './admin-api';

export type AdminIncident = {
  id: number;
  title: string;
  /** When it started and ended (or that it is ongoing), as the dashboard's server wrote it. */
  when: string;
  note_tr: string | null;
  note_en: string | null;
  note_de: string | null;
};

const NOTE_LANGS = ['tr', 'en', 'de'] as const;

/**
 * The dashboard's status-page incidents (issue #38 item 4): opened and ended by the probe; an admin
 * writes the public note in each language (PUT /api/admin/status/incidents/{id}, audited) or probes
 * the providers now.
 */
export function StatusIncidents({ incidents }: { incidents: AdminIncident[] }) {
  const t = useTranslations('Admin.statusIncidents');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function probe() {
    setBusy(true);
    try {
      await adminApi('/api/admin/status/probe', { method: 'POST', locale, fallback: t('probeNow') });
      toast.success(t('probed'));
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, t('probeNow')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="status-incidents-title" className="mt-8" data-admin-status-incidents>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="status-incidents-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link href="/status" className="inline-flex min-h-11 items-center gap-1 text-sm underline">
            <Activity aria-hidden="true" className="size-4" />
            {t('openStatus')}
          </Link>
          <Button variant="secondary" disabled={busy} onClick={probe}>
            {t('probeNow')}
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted">{t('lead')}</p>
      {incidents.length === 0 ? (
        <p className="mt-3 rounded-lg bg-card p-4 text-sm text-muted shadow-sm">{t('none')}</p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {incidents.map((i) => (
            <IncidentNoteForm key={i.id} incident={i} />
          ))}
        </ul>
      )}
    </section>
  );
}

function IncidentNoteForm({ incident: i }: { incident: AdminIncident }) {
  const t = useTranslations('Admin.statusIncidents');
  const locale = useLocale();
  const router = useRouter();
  const [notes, setNotes] = useState({ tr: i.note_tr ?? '', en: i.note_en ?? '', de: i.note_de ?? '' });
  const [busy, setBusy] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await adminApi(`/api/admin/status/incidents/${i.id}`, { method: 'PUT', body: { note_tr: notes.tr, note_en: notes.en, note_de: notes.de }, locale, fallback: t('save') });
      toast.success(t('saved'));
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('save')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-lg bg-card p-4 text-sm shadow-sm" data-admin-incident={i.id}>
      <p className="font-medium wrap-anywhere">{i.title}</p>
      <p className="mt-1 text-muted">{i.when}</p>
      <form className="mt-3 space-y-2" onSubmit={save}>
        {NOTE_LANGS.map((l) => (
          <label key={l} className="block">
            <span className="text-xs text-muted">{t(`note${l === 'tr' ? 'Tr' : l === 'en' ? 'En' : 'De'}`)}</span>
            <Textarea rows={2} maxLength={2000} value={notes[l]} onChange={(e) => setNotes((n) => ({ ...n, [l]: e.target.value }))} />
          </label>
        ))}
        <Button type="submit" disabled={busy}>
          {t('save')}
        </Button>
      </form>
    </li>
  );
}
