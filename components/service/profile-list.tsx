'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Platform } from '@/lib/catalogue/services';
import { cn } from '@/lib/utils/cn';
import type { Badge } from './order-lifecycle';
import { profileUrl } from './service-api';
import { StatusBadge } from './status-badge';
import { reliabilityBand, sortProfiles, type Sort } from './profile-sort';

export type ProfileView = {
  id: number;
  username: string;
  name: string;
  followers: string;
  /** Share of successes over the last 7 days, 0–100; null for a profile without a record (issue #17). */
  reliability?: number | null;
};

const BAND_CLASS = { high: 'text-success', medium: 'text-warning', low: 'text-danger', new: 'text-muted' } as const;

type Props = {
  platform: Platform;
  profiles: ProfileView[];
  selected: ReadonlySet<number>;
  badges: Record<number, Badge>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  allSelected: boolean;
};

/**
 * The profile list (§2): checkbox, username linking to the public profile on the platform,
 * follower count (not on YouTube) and the status badge; the select-all/remove toggle with a count.
 * Rendered on the server too, so the list is in the page's HTML.
 */
export function ProfileList({ platform, profiles, selected, badges, onToggle, onToggleAll, allSelected }: Props) {
  const t = useTranslations('ServicePage');
  const platformName = useTranslations('Platforms')(platform);
  const [sort, setSort] = useState<Sort>('default');
  if (profiles.length === 0) {
    return <p className="rounded-lg border border-line bg-card p-4 text-muted">{t('noProfiles')}</p>;
  }
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite" data-selected-count={selected.size}>
          {t('selectedCount', { selected: selected.size, total: profiles.length })}
        </p>
        <label className="flex items-center gap-2 text-sm text-muted">
          {t('sortLabel')}
          <select
            value={sort}
            onChange={(e) => setSort(e.target.value as Sort)}
            className="min-h-11 rounded-md border border-line bg-card px-2 text-sm text-ink"
            data-profile-sort
          >
            <option value="default">{t('sortDefault')}</option>
            <option value="reliability">{t('sortReliability')}</option>
          </select>
        </label>
        <button
          type="button"
          onClick={onToggleAll}
          aria-pressed={allSelected}
          className="inline-flex min-h-11 items-center rounded-md border border-brand px-4 text-sm font-medium text-brand hover:bg-brand-soft"
        >
          {allSelected ? t('removeAll') : t('selectAll')}
        </button>
      </div>
      <ul aria-label={t('profilesLabel')} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-profile-list>
        {sortProfiles(profiles, sort).map((p) => {
          const checked = selected.has(p.id);
          const status = badges[p.id] ?? 'idle';
          return (
            <li
              key={p.id}
              data-profile-id={p.id}
              className={cn('flex items-center gap-3 rounded-lg border bg-card px-3 py-2', checked ? 'border-brand' : 'border-line')}
            >
              <input
                id={`profile-${p.id}`}
                type="checkbox"
                checked={checked}
                onChange={() => onToggle(p.id)}
                aria-label={t('selectProfile', { username: handle(p.username) })}
                className="h-5 w-5 shrink-0 accent-brand"
              />
              <div className="min-w-0 flex-1">
                <a
                  href={profileUrl(platform, p.username)}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  aria-label={t('openProfile', { username: handle(p.username), platform: platformName })}
                  className="block truncate font-medium text-ink underline-offset-2 hover:text-brand hover:underline"
                >
                  {handle(p.username)}
                </a>
                <span className="flex flex-wrap gap-x-2 text-xs text-muted">
                  {platform !== 'youtube' ? <span>{t('followers', { count: p.followers })}</span> : null}
                  <span className={BAND_CLASS[reliabilityBand(p.reliability)]} data-reliability={p.reliability ?? 'new'}>
                    {p.reliability === null || p.reliability === undefined ? t('reliabilityNew') : t('reliability', { rate: p.reliability })}
                  </span>
                </span>
              </div>
              <StatusBadge status={status} label={t(`status.${status}`)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const handle = (username: string) => `@${username.replace(/^@/, '')}`;
