'use client';

import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { orderNumberText } from '@/lib/infra/format';
import { toast } from 'sonner';
import { Link } from '@/components/ui/link';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import type { ProfileHealth } from '@/lib/domain/profiles';
import { cn } from '@/lib/infra/utils/cn';
import { adminApi, errorText } from './admin-api';
import { secondaryButton } from './form-field';
import { Button } from '@/components/ui/button';
import { ProfileAudienceEditor } from './profile-audience-editor';
import { useFormat } from '@/components/ui/use-format';
import type { Format } from '@/lib/infra/format';

const STATUS_CLASS: Record<string, string> = {
  active: 'border-success text-success',
  quarantined: 'border-danger text-danger',
  disabled: 'border-line text-muted',
  inactive: 'border-line text-muted',
};
const KNOWN_STATUS = ['active', 'inactive', 'quarantined', 'disabled'] as const;
type KnownStatus = (typeof KNOWN_STATUS)[number];
const known = (s: string): s is KnownStatus => (KNOWN_STATUS as readonly string[]).includes(s);

/**
 * /rooting/profiles (issue #17): a platform switch, the pool's counts and one card per profile with
 * its 7-day success rate, median completion time, failures in a row and, under a disclosure, its
 * recent failures and the admin actions on it; reactivate or disable (audited on the server).
 */
/** Issue #38 item 3: a profile's kept rate at 7 and 30 days (shares 0–1, null when not measured). */
export type ProfileKept = { d7: number | null; d30: number | null; checked: number };

export function ProfileHealthManager({ platform, profiles, kept = {} }: { platform: Platform; profiles: ProfileHealth[]; kept?: Record<number, ProfileKept> }) {
  const t = useTranslations('Admin.profiles');
  const tp = useTranslations('Platforms');
  const counts = Object.fromEntries(KNOWN_STATUS.map((s) => [s, profiles.filter((p) => p.status === s).length])) as Record<KnownStatus, number>;
  return (
    <section aria-labelledby="profiles-title">
      <h1 id="profiles-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <nav aria-label={t('platformsLabel')} className="mb-4 grid gap-2" style={{ gridTemplateColumns: `repeat(${PLATFORMS.length}, minmax(0, 1fr))` }}>
        {PLATFORMS.map((p) => (
          <Link
            key={p}
            href={{ pathname: '/rooting/profiles', query: { platform: p } }}
            aria-current={p === platform ? 'page' : undefined}
            className={cn(secondaryButton, p === platform && 'border-brand bg-brand text-brand-ink hover:bg-brand')}
          >
            {tp(p)}
          </Link>
        ))}
      </nav>
      <p className="mb-4 text-sm text-muted" data-profile-counts>
        {t('counts', counts)}
      </p>
      {profiles.length === 0 ? (
        <p className="rounded-lg bg-card p-6 text-center text-muted shadow-sm">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('listLabel', { platform: tp(platform) })}>
          {profiles.map((p) => (
            <ProfileCard key={p.id} profile={p} kept={kept[p.id]} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProfileCard({ profile: p, kept }: { profile: ProfileHealth; kept?: ProfileKept }) {
  const t = useTranslations('Admin.profiles');
  const shares = useFormat();
  const ta = useTranslations('Admin.audit.actions');
  const tsv = useTranslations('Services');
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const name = `@${p.username.replace(/^@/, '')}`;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'short' });

  async function set(status: 'active' | 'disabled') {
    setBusy(true);
    try {
      await adminApi(`/api/admin/profiles/${p.id}`, { method: 'PUT', body: { status }, locale, fallback: t('failed') });
      toast.success(status === 'active' ? t('reactivated', { name }) : t('disabled', { name }));
      router.refresh();
    } catch (e) {
      toast.error(errorText(e, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-lg bg-card p-4 shadow-sm" data-profile-health={p.id} data-status={p.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate font-semibold">{name}</span>
        <span className={cn('rounded-full border bg-card px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[p.status] ?? STATUS_CLASS.inactive)}>
          {known(p.status) ? t(`status.${p.status}`) : p.status}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('successRate')}</dt>
        <dd>{p.success_rate === null ? t('noRecord') : t('rate', { rate: p.success_rate, results: p.results })}</dd>
        <dt className="text-muted">{t('median')}</dt>
        <dd>{p.median_seconds === null ? '–' : t('seconds', { seconds: p.median_seconds })}</dd>
        <dt className="text-muted">{t('inARow')}</dt>
        <dd>{p.consecutive_failures}</dd>
        <dt className="text-muted">{t('keptRate')}</dt>
        <dd data-profile-kept={kept ? `${kept.d7 ?? ''}/${kept.d30 ?? ''}` : ''}>
          {kept ? t('keptValue', { d7: keptText(shares, kept.d7), d30: keptText(shares, kept.d30), checked: kept.checked }) : t('keptNone')}
        </dd>
        {p.quarantined_at ? (
          <>
            <dt className="text-muted">{t('quarantinedAt')}</dt>
            <dd>{date(p.quarantined_at)}</dd>
          </>
        ) : null}
      </dl>
      {p.recent_failures.length > 0 || p.history.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="flex min-h-11 cursor-pointer items-center font-medium">{t('history')}</summary>
          {p.recent_failures.length > 0 ? (
            <>
              <h3 className="mt-2 font-medium">{t('recentFailures')}</h3>
              <ul className="mt-1 space-y-1">
                {p.recent_failures.map((f) => (
                  <li key={f.order_id} className="break-words text-muted">
                    {date(f.at)} · {tsv.has(f.service) ? tsv(f.service) : f.service} · <span className="tabular-nums">{orderNumberText(f.order_number)}</span>
                    {/* The provider's own words, as it sent them (issue #32: not the page's language). */}
                    {f.error ? (
                      <>
                        {' · '}
                        <code lang="en" className="text-xs">
                          {f.error}
                        </code>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {p.history.length > 0 ? (
            <>
              <h3 className="mt-2 font-medium">{t('adminActions')}</h3>
              <ul className="mt-1 space-y-1">
                {p.history.map((h, i) => (
                  <li key={i} className="text-muted">
                    {date(h.at)} · {ta.has(h.action.replace('.', '_') as 'profile_reactivate') ? ta(h.action.replace('.', '_') as 'profile_reactivate') : h.action}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </details>
      ) : null}
      <ProfileAudienceEditor profile={p} />
      <div className="mt-3 flex flex-wrap gap-2">
        {p.status !== 'active' && p.status !== 'inactive' ? (
          <Button variant="secondary" disabled={busy} onClick={() => set('active')} aria-label={t('reactivateLabel', { name })}>
            {t('reactivate')}
          </Button>
        ) : null}
        {p.status !== 'disabled' ? (
          <Button variant="secondary" className="text-danger hover:border-danger" disabled={busy} onClick={() => set('disabled')} aria-label={t('disableLabel', { name })}>
            {t('disable')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** A kept share as a percentage in the page's language, or a dash when not measured. */
const keptText = (format: Format, share: number | null) => (share === null ? '–' : format.percent(share));
