'use client';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { NICHES } from '@/lib/domain/audience/niches';
import type { ProfileHealth } from '@/lib/domain/profiles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { adminApi, errorText } from './admin-api';

/**
 * Issue #36 item 1: a profile's audience facts on its /rooting/profiles card, and the admin's
 * correction of them (languages, country, niches, verified). Saved facts are marked as the admin's
 * and kept across the provider's syncs until "Hand back to the provider".
 */
export function ProfileAudienceEditor({ profile: p }: { profile: ProfileHealth }) {
  const t = useTranslations('Admin.profiles.audience');
  const tn = useTranslations('Niches');
  const locale = useLocale();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [languages, setLanguages] = useState(p.languages.join(', '));
  const [country, setCountry] = useState(p.country ?? '');
  const [niches, setNiches] = useState<string[]>(p.niches);
  const [verified, setVerified] = useState(p.verified);
  const name = `@${p.username.replace(/^@/, '')}`;
  const id = `audience-${p.id}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const body = {
        languages: languages
          .split(/[\s,]+/)
          .map((l) => l.trim().toLowerCase())
          .filter(Boolean),
        country: country.trim() ? country.trim().toUpperCase() : null,
        niches,
        verified,
      };
      await adminApi(`/api/admin/profiles/${p.id}/audience`, { method: 'PUT', body, locale, fallback: t('failed') });
      toast.success(t('saved', { name }));
      setOpen(false);
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  async function handBack() {
    setBusy(true);
    try {
      await adminApi(`/api/admin/profiles/${p.id}/audience`, { method: 'DELETE', locale, fallback: t('failed') });
      toast.success(t('returned', { name }));
      router.refresh();
    } catch (err) {
      toast.error(errorText(err, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 border-t border-line pt-3 text-sm" data-profile-audience={p.id} data-edited={p.audience_edited_at ? '' : undefined}>
      <p className="break-words text-muted">
        <span className="font-medium text-ink">{t('title')}</span>
        {' · '}
        {p.languages.length ? p.languages.join(', ').toUpperCase() : t('unknown')}
        {' · '}
        {p.country ?? '–'}
        {' · '}
        {p.niches.length ? p.niches.map((n) => (tn.has(n as never) ? tn(n as never) : n)).join(', ') : t('noNiches')}
        {p.verified ? ` · ${t('verified')}` : null}
        {p.audience_edited_at ? ` · ${t('editedMark')}` : null}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} aria-label={t('editLabel', { name })}>
          {t('edit')}
        </Button>
        {p.audience_edited_at ? (
          <Button variant="secondary" disabled={busy} onClick={handBack} aria-label={t('handBackLabel', { name })}>
            {t('handBack')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <form id={id} onSubmit={save} className="mt-3 grid gap-3" noValidate>
          <label className="grid gap-1">
            <span className="font-medium">{t('languages')}</span>
            <Input value={languages} onChange={(e) => setLanguages(e.target.value)} maxLength={40} placeholder="tr, en" aria-describedby={`${id}-lh`} />
            <span id={`${id}-lh`} className="text-xs text-muted">
              {t('languagesHelp')}
            </span>
          </label>
          <label className="grid gap-1">
            <span className="font-medium">{t('country')}</span>
            <Input value={country} onChange={(e) => setCountry(e.target.value)} maxLength={2} placeholder="TR" aria-describedby={`${id}-ch`} />
            <span id={`${id}-ch`} className="text-xs text-muted">
              {t('countryHelp')}
            </span>
          </label>
          <fieldset>
            <legend className="font-medium">{t('niches')}</legend>
            <div className="mt-1 grid grid-cols-2 gap-1">
              {NICHES.map((n) => (
                <label key={n} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand"
                    checked={niches.includes(n)}
                    onChange={(e) => setNiches((list) => (e.target.checked ? [...list, n] : list.filter((x) => x !== n)))}
                  />
                  {tn(n)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" className="h-5 w-5 accent-brand" checked={verified} onChange={(e) => setVerified(e.target.checked)} />
            {t('verified')}
          </label>
          <div>
            <Button type="submit" disabled={busy} loading={busy}>
              {t('save')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
