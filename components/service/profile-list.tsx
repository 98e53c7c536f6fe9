'use client';

import { memo, useState } from 'react';
import { useIdle } from '@/components/ui/use-idle';
import { useTranslations } from 'next-intl';
import { CheckCheck, CloudOff, RotateCw, Search, SearchX, Users, X } from 'lucide-react';
import type { Platform } from '@/lib/domain/catalogue/services';
import { cn } from '@/lib/infra/utils/cn';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Select } from '@/components/ui/input';
import type { Badge } from './order-lifecycle';
import { profileUrl } from './service-api';
import { platformDescriptor } from '@/platforms';
import { StatusBadge } from './status-badge';
import { availableSorts, reliabilityBand, searchProfiles, sortProfiles, type Sort } from './profile-sort';

export type ProfileView = {
  id: number;
  username: string;
  name: string;
  followers: string;
  /** The follower count behind `followers`, for the sort. */
  followersCount?: number;
  /** Share of successes over the last 7 days, 0–100; null for a profile without a record (issue #17). */
  reliability?: number | null;
};

const BAND_CLASS = { high: 'text-success', medium: 'text-warning', low: 'text-danger', new: 'text-muted' } as const;
const SORT_LABEL = { default: 'sortDefault', followers: 'sortFollowers', reliability: 'sortReliability' } as const;

type Props = {
  platform: Platform;
  profiles: ProfileView[];
  selected: ReadonlySet<number>;
  badges: Record<number, Badge>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  allSelected: boolean;
  /**
   * Nothing can be ticked yet: the signed-in app shell does not know the customer's profile cap
   * until GET /api/users/me/viewer answers (a select-all then would pass the cap).
   */
  locked?: boolean;
  /** The list could not be read (§8 "profile list load error"): said instead of "no profiles". */
  loadFailed?: boolean;
};

/**
 * The profile list (§2): search by handle or name and a sort above it; each row a checkbox, the
 * username linking to the public profile on the platform, the follower count (not on YouTube),
 * the reliability and the status badge; the select-all/remove toggle with a count.
 * Rendered on the server too, so the list is in the page's HTML.
 */
function ProfileListView({ platform, profiles, selected, badges, onToggle, onToggleAll, allSelected, locked = false, loadFailed = false }: Props) {
  const t = useTranslations('ServicePage');
  const tc = useTranslations('Common');
  const platformName = useTranslations('Platforms')(platform);
  const [sort, setSort] = useState<Sort>('default');
  const [query, setQuery] = useState('');
  const all = useIdle();
  if (profiles.length === 0 && loadFailed) {
    return (
      <div data-profile-list-error>
        <EmptyState
          icon={CloudOff}
          title={t('profileListError')}
          description={t('profileListErrorHint')}
          action={
            <Button variant="secondary" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {tc('reload')}
            </Button>
          }
        />
      </div>
    );
  }
  if (profiles.length === 0) {
    return <EmptyState icon={Users} title={t('noProfiles')} />;
  }
  const showsFollowers = platformDescriptor(platform)?.showsFollowers ?? true;
  const sorts = availableSorts(profiles, showsFollowers);
  const shown = sortProfiles(searchProfiles(profiles, query), sorts.includes(sort) ? sort : 'default');
  const cards = all || query ? shown : shown.slice(0, FIRST_CARDS);
  return (
    <div>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchLabel')}
            className="pl-9"
            data-profile-search
          />
        </div>
        {sorts.length > 1 ? (
          <label className="flex items-center gap-2 text-sm text-muted">
            <span className="shrink-0">{t('sortLabel')}</span>
            <Select value={sort} onChange={(e) => setSort(e.target.value as Sort)} className="text-sm sm:w-56" data-profile-sort>
              {sorts.map((s) => (
                <option key={s} value={s}>
                  {t(SORT_LABEL[s])}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite" data-selected-count={selected.size}>
          {t('selectedCount', { selected: selected.size, total: profiles.length })}
          {query.trim() ? ` · ${t('searchResults', { count: shown.length })}` : null}
        </p>
        <Button variant="outline" onClick={onToggleAll} aria-pressed={allSelected} disabled={locked}>
          {allSelected ? <X aria-hidden="true" className="size-4" /> : <CheckCheck aria-hidden="true" className="size-4" />}
          {allSelected ? t('removeAll') : t('selectAll')}
        </Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={t('searchEmpty', { query: query.trim() })}
          className="mt-3"
          action={
            <Button variant="secondary" onClick={() => setQuery('')}>
              {t('searchClear')}
            </Button>
          }
        />
      ) : null}
      <ul aria-label={t('profilesLabel')} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-profile-list data-complete={cards.length === shown.length ? '' : undefined}>
        {cards.map((p) => (
          <ProfileCard key={p.id} profile={p} platform={platform} platformName={platformName} checked={selected.has(p.id)} status={badges[p.id] ?? 'idle'} onToggle={onToggle} locked={locked} />
        ))}
        {/* Until the rest are added, each holds its card's place, so nothing below the list moves. */}
        {shown.slice(cards.length).map((p) => (
          <li key={p.id} aria-hidden="true" className="h-[58px] rounded-lg border border-line bg-card" data-profile-placeholder />
        ))}
      </ul>
    </div>
  );
}

/**
 * The page arrives with the first FIRST_CARDS cards (a phone's first screens) and an empty box of
 * a card's height for each other profile; the cards are added once the browser is idle after
 * loading, at low priority. Sixty cards were two thirds of the
 * page's HTML and of what a phone hydrated before it answered a tap. Search, sort and select-all
 * work on every profile from the start.
 */
const FIRST_CARDS = 12;

/** The profiles of the page, memoized: the workspace re-renders (sticky bar, price, form) without them. */
export const ProfileList = memo(ProfileListView);

type CardProps = { profile: ProfileView; platform: Platform; platformName: string; checked: boolean; status: Badge; onToggle: (id: number) => void; locked: boolean };

/** One profile: ticking one re-renders that card, not the other fifty. */
const ProfileCard = memo(function ProfileCard({ profile: p, platform, platformName, checked, status, onToggle, locked }: CardProps) {
  const t = useTranslations('ServicePage');
  const showsFollowers = platformDescriptor(platform)?.showsFollowers ?? true;
  return (
    <li
      data-profile-id={p.id}
      // Cards off screen are not laid out or painted until scrolled near (58 cards on a phone's first load).
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-lg border bg-card px-3 py-2 [contain-intrinsic-size:auto_64px] [content-visibility:auto]',
        checked ? 'border-brand' : 'border-line',
      )}
    >
      <input
        id={`profile-${p.id}`}
        type="checkbox"
        checked={checked}
        disabled={locked}
        onChange={() => onToggle(p.id)}
        aria-label={t('profileCheckbox', { username: handle(p.username) })}
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
          {showsFollowers ? <span>{t('followers', { count: p.followers })}</span> : null}
          {/* Only where there is data (issue #32): "new profile" on nearly every card said nothing true. */}
          {p.reliability === null || p.reliability === undefined ? null : (
            <span className={BAND_CLASS[reliabilityBand(p.reliability)]} data-reliability={p.reliability}>
              {t('reliability', { rate: p.reliability })}
            </span>
          )}
        </span>
      </div>
      <StatusBadge status={status} label={t(`status.${status}`)} />
    </li>
  );
});

const handle = (username: string) => `@${username.replace(/^@/, '')}`;
