'use client';

import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIdle } from '@/components/ui/use-idle';
import { useLocale, useTranslations } from 'next-intl';
import { BadgeCheck, CheckCheck, CloudOff, Languages as LanguagesIcon, ListChecks, MapPin, RotateCw, Search, SearchX, SlidersHorizontal, Users, X } from 'lucide-react';
import type { Platform } from '@/lib/domain/catalogue/services';
import { cn } from '@/lib/infra/utils/cn';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Select } from '@/components/ui/input';
import type { Badge } from './order-lifecycle';
import { profileUrl } from './service-api';
import { platformDescriptor } from '@/platforms';
import { StatusBadge } from './status-badge';
import { availableSorts, reliabilityBand, sortProfiles, type Sort } from './profile-sort';
import { NICHES } from '@/lib/domain/audience/niches';
import { matchAll, sortByMatch, pickBest, type Match, type MatchReason } from '@/lib/domain/audience/match-score';
import { activeFilterCount, factChoices, filterProfiles, FOLLOWER_RANGES, RELIABILITY_CHOICES, EMPTY_FILTERS, type FollowerRange, type ReliabilityChoice } from './picker-filters';
import { usePickerFilters } from './use-picker-filters';
import { useOffPage, useRevealCount } from './use-reveal';
import type { TargetMatch } from './use-target-match';

export type ProfileView = {
  id: number;
  username: string;
  name: string;
  followers: string;
  /** The follower count behind `followers`, for the sort. */
  followersCount?: number;
  /** Share of successes over the last 7 days, 0–100; null for a profile without a record (issue #17). */
  reliability?: number | null;
  /** Issue #38 item 3: share of its re-checked actions still in place (30-day, else 7-day), 0–1; null when none was checked. */
  kept?: number | null;
  /** Issue #36: the audience facts (provider contract 1.3, or an admin's correction). */
  languages?: string[];
  country?: string | null;
  niches?: string[];
  verified?: boolean;
};

const BAND_CLASS = { high: 'text-success', medium: 'text-warning', low: 'text-danger', new: 'text-muted' } as const;
const SORT_LABEL = { default: 'sortDefault', followers: 'sortFollowers', reliability: 'sortReliability', match: 'sortMatch' } as const;
const NO_TARGET = { language: null, niche: null };
const RANGE_LABEL = { lt3k: 'lt3k', '3k-10k': 'from3kTo10k', '10k-30k': 'from10kTo30k', '30k-100k': 'from30kTo100k', gt100k: 'gt100k' } as const;

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
  /** Issue #36: what the provider told of the link field's target, for the match score. */
  match?: TargetMatch;
  /** The customer's profile cap ("pick the best N" never ticks more); null: none known. */
  cap?: number | null;
  /** Ticks exactly these profiles ("pick the best N"). */
  onPick?: (ids: number[]) => void;
};

/**
 * The profile list (§2): search by handle or name and a sort above it; each row a checkbox, the
 * username linking to the public profile on the platform, the follower count (not on YouTube),
 * the reliability and the status badge; the select-all/remove toggle with a count.
 * Rendered on the server too, so the list is in the page's HTML.
 */
function ProfileListView({ platform, profiles, selected, badges, onToggle, onToggleAll, allSelected, locked = false, loadFailed = false, match = IDLE_MATCH, cap = null, onPick }: Props) {
  const t = useTranslations('ServicePage');
  const tm = useTranslations('Match');
  const tn = useTranslations('Niches');
  const tc = useTranslations('Common');
  const locale = useLocale();
  const platformName = useTranslations('Platforms')(platform);
  const [sort, setSort] = useState<Sort | 'match' | 'auto'>('auto');
  const { filters, update, fromAddress } = usePickerFilters();
  const query = filters.q;
  const setQuery = useCallback((q: string) => update({ q }), [update]);
  const [filtersToggled, setFiltersOpen] = useState<boolean | null>(null);
  // Open by itself when the address brought filters, until the customer closes it.
  const filtersOpen = filtersToggled ?? fromAddress;
  const [bestN, setBestN] = useState('10');
  const all = useIdle();
  // A target the provider could not describe is still scored: by audience size and reliability (the note says so).
  const targetKnown = match.state === 'known' || match.state === 'unavailable';
  const target = match.state === 'known' ? match.target : NO_TARGET;
  // Once per list and target, never per card: 500 profiles on a phone (issue #36).
  const scores = useMemo(() => matchAll(profiles, target), [profiles, target]);
  const choices = useMemo(() => factChoices(profiles), [profiles]);
  const filtered = useMemo(() => filterProfiles(profiles, filters), [profiles, filters]);
  const visible = useMemo(() => new Set(filtered.map((p) => p.id)), [filtered]);
  const showsFollowers = platformDescriptor(platform)?.showsFollowers ?? true;
  const sorts: (Sort | 'match')[] = [...(targetKnown ? (['match'] as const) : []), ...availableSorts(profiles, showsFollowers)];
  // A known target sorts by the score until the customer picks another order.
  const effective = sort === 'auto' ? (targetKnown ? 'match' : 'default') : sorts.includes(sort) ? sort : 'default';
  // Sorted once per list, scores and order; the filters only pick from it.
  const ordered = useMemo(() => (effective === 'match' ? sortByMatch(profiles, scores) : sortProfiles(profiles, effective as Sort)), [profiles, scores, effective]);
  const shownIds = useMemo(() => ordered.filter((p) => visible.has(p.id)).map((p) => p.id), [ordered, visible]);
  // Clearing a filter brings hundreds of cards back: the top of the list first, the rest per frame.
  const revealCount = useRevealCount(shownIds);
  const onPage = useMemo(() => new Set(shownIds.slice(0, revealCount)), [shownIds, revealCount]);
  const listRef = useRef<HTMLUListElement>(null);
  useOffPage(listRef, onPage);
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      return null;
    }
  }, [locale]);
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      return null;
    }
  }, [locale]);
  const languageName = useCallback((code: string) => names?.of(code) ?? code, [names]);
  const reasonText = useCallback(
    (r: MatchReason) =>
      r.key === 'language' || r.key === 'languageOther' ? tm(`reasons.${r.key}`, { language: languageName(r.language) }) : r.key === 'niche' || r.key === 'nicheOther' ? tm(`reasons.${r.key}`, { niche: tn.has(r.niche as never) ? tn(r.niche as never) : r.niche }) : tm(`reasons.${r.key}`),
    [tm, tn, languageName],
  );
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
  const filtering = query.trim() !== '' || activeFilterCount(filters) > 0;
  const shown = ordered.filter((p) => visible.has(p.id));
  // Every card stays mounted once added; a filter hides the others (a filter change re-renders only
  // the cards that appear or disappear, never mounts 500 again: issue #36's ≤ 100 ms on a phone).
  const cards = all || filtering ? ordered : ordered.slice(0, FIRST_CARDS);
  const n = Math.max(1, Math.min(500, Math.floor(Number(bestN)) || 1));
  const pickCount = Math.min(n, cap ?? n, shown.length);
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
            <Select value={effective} onChange={(e) => setSort(e.target.value as Sort | 'match')} className="text-sm sm:w-56" data-profile-sort>
              {sorts.map((s) => (
                <option key={s} value={s}>
                  {t(SORT_LABEL[s])}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
      </div>
      <div className="mt-2">
        <Button variant="outline" onClick={() => setFiltersOpen(!filtersOpen)} aria-expanded={filtersOpen} aria-controls="picker-filters" data-picker-filters-toggle>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {activeFilterCount(filters) > 0 ? tm('filtersActive', { count: activeFilterCount(filters) }) : tm('filters')}
        </Button>
        {filtersOpen ? (
          <div id="picker-filters" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5" data-picker-filters>
            <FilterSelect label={tm('language')} value={filters.lang} onChange={(lang) => update({ lang })} any={tm('any')} name="lang">
              {choices.languages.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect label={tm('country')} value={filters.country} onChange={(country) => update({ country })} any={tm('any')} name="country">
              {choices.countries.map((c) => (
                <option key={c} value={c}>
                  {regions?.of(c) ?? c}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect label={tm('niche')} value={filters.niche} onChange={(niche) => update({ niche })} any={tm('any')} name="niche">
              {NICHES.map((k) => (
                <option key={k} value={k}>
                  {tn(k)}
                </option>
              ))}
            </FilterSelect>
            {showsFollowers ? (
              <FilterSelect label={tm('followers')} value={filters.followers} onChange={(v) => update({ followers: v as FollowerRange | '' })} any={tm('any')} name="followers">
                {(Object.keys(FOLLOWER_RANGES) as FollowerRange[]).map((k) => (
                  <option key={k} value={k}>
                    {tm(`range.${RANGE_LABEL[k]}`)}
                  </option>
                ))}
              </FilterSelect>
            ) : null}
            <FilterSelect label={tm('reliability')} value={filters.rel} onChange={(v) => update({ rel: v as ReliabilityChoice | '' })} any={tm('any')} name="rel">
              {RELIABILITY_CHOICES.map((k) => (
                <option key={k} value={k}>
                  {tm('reliabilityAtLeast', { rate: Number(k) })}
                </option>
              ))}
            </FilterSelect>
            {activeFilterCount(filters) > 0 ? (
              <Button variant="secondary" className="col-span-2 sm:col-span-5 sm:justify-self-start" onClick={() => update({ ...EMPTY_FILTERS, q: filters.q })}>
                {tm('clearFilters')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <MatchNote match={match} />
      <div className="mt-2 flex flex-wrap items-end gap-2" data-pick-best>
        <label className="grid gap-1 text-sm text-muted">
          <span>{tm('bestCount')}</span>
          <Input type="number" inputMode="numeric" min={1} max={cap ?? 500} value={bestN} onChange={(e) => setBestN(e.target.value)} className="w-24" data-pick-best-count />
        </label>
        <Button variant="outline" disabled={locked || !onPick || shown.length === 0} onClick={() => onPick?.(pickBest(shown, scores, n, cap))} data-pick-best-button>
          <ListChecks aria-hidden="true" className="size-4" />
          {tm('pickBest', { count: pickCount })}
        </Button>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite" data-selected-count={selected.size} data-shown-count={shown.length}>
          {t('selectedCount', { selected: selected.size, total: profiles.length })}
          {filtering ? ` · ${t('searchResults', { count: shown.length })}` : null}
        </p>
        <Button variant="outline" onClick={onToggleAll} aria-pressed={allSelected} disabled={locked}>
          {allSelected ? <X aria-hidden="true" className="size-4" /> : <CheckCheck aria-hidden="true" className="size-4" />}
          {allSelected ? t('removeAll') : t('selectAll')}
        </Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={query.trim() ? t('searchEmpty', { query: query.trim() }) : tm('filterEmpty')}
          className="mt-3"
          action={
            <Button variant="secondary" onClick={() => update(EMPTY_FILTERS)}>
              {t('searchClear')}
            </Button>
          }
        />
      ) : null}
      <ul ref={listRef} aria-label={t('profilesLabel')} className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-profile-list data-complete={cards.length === ordered.length ? '' : undefined} data-revealing={revealCount < shownIds.length ? '' : undefined}>
        {cards.map((p) => (
          <ProfileCard
            key={p.id}
            profile={p}
            platform={platform}
            platformName={platformName}
            checked={selected.has(p.id)}
            status={badges[p.id] ?? 'idle'}
            onToggle={onToggle}
            locked={locked}
            match={targetKnown ? scores.get(p.id) : undefined}
            reasonText={reasonText}
          />
        ))}
        {/* Until the rest are added, each holds its card's place, so nothing below the list moves. */}
        {ordered.slice(cards.length).map((p) => (
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

type CardProps = {
  profile: ProfileView;
  platform: Platform;
  platformName: string;
  checked: boolean;
  status: Badge;
  onToggle: (id: number) => void;
  locked: boolean;
  /** The card's match score against the known target (none: no target known). */
  match?: Match;
  /** Left out by the filters: kept mounted, not shown. */
  reasonText: (r: MatchReason) => string;
};

const IDLE_MATCH: TargetMatch = { state: 'idle' };

function FilterSelect({ label, value, onChange, any, name, children }: { label: string; value: string; onChange: (v: string) => void; any: string; name: string; children: ReactNode }) {
  return (
    <label className="grid min-w-0 gap-1 text-sm text-muted">
      <span>{label}</span>
      <Select value={value} onChange={(e) => onChange(e.target.value)} className="min-w-0 text-sm" data-filter={name}>
        <option value="">{any}</option>
        {children}
      </Select>
    </label>
  );
}

/** Says what the score is based on, plainly when the provider cannot tell the target's language and niche. */
function MatchNote({ match }: { match: TargetMatch }) {
  const tm = useTranslations('Match');
  if (match.state === 'idle') return null;
  const text =
    match.state === 'loading' ? tm('loading') : match.state === 'unavailable' ? tm('unavailable') : !match.target.language && !match.target.niche ? tm('unavailable') : tm('known');
  return (
    <p className="mt-2 text-sm text-muted" role="status" data-match-state={match.state}>
      {text}
    </p>
  );
}

/**
 * One profile: ticking one re-renders that card, not the other fifty. A filter does not re-render
 * it at all: the list marks the cards off the page with `data-off` (useOffPage).
 */
const ProfileCard = memo(function ProfileCard(props: CardProps) {
  return (
    <li
      data-profile-id={props.profile.id}
      // Cards off screen are not laid out or painted until scrolled near (58 cards on a phone's first load).
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-lg border bg-card px-3 py-2 [contain-intrinsic-size:auto_64px] [content-visibility:auto] data-off:hidden',
        props.checked ? 'border-brand' : 'border-line',
      )}
    >
      <CardBody {...props} />
    </li>
  );
});

const CardBody = memo(function CardBody({ profile: p, platform, platformName, checked, status, onToggle, locked, match, reasonText }: CardProps) {
  const tm = useTranslations('Match');
  const t = useTranslations('ServicePage');
  const showsFollowers = platformDescriptor(platform)?.showsFollowers ?? true;
  return (
    <>
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
          {p.verified ? <BadgeCheck role="img" aria-label={tm('verified')} className="ml-1 inline size-4 align-text-bottom text-brand" /> : null}
        </a>
        {match ? (
          <span className="block text-xs text-ink" data-match-score={match.score}>
            <span className="font-semibold">{tm('score', { score: match.score })}</span>
            {match.reasons.length ? ` · ${match.reasons.slice(0, 3).map(reasonText).join(' · ')}` : null}
          </span>
        ) : null}
        <span className="flex flex-wrap gap-x-2 text-xs text-muted">
          {showsFollowers ? <span>{t('followers', { count: p.followers })}</span> : null}
          {p.languages?.length ? (
            <span className="inline-flex items-center gap-0.5" data-languages>
              <LanguagesIcon aria-hidden="true" className="size-3" />
              <span className="sr-only">{tm('language')}: </span>
              {p.languages.map((l) => l.toUpperCase()).join(', ')}
            </span>
          ) : null}
          {p.country ? (
            <span className="inline-flex items-center gap-0.5" data-country>
              <MapPin aria-hidden="true" className="size-3" />
              <span className="sr-only">{tm('country')}: </span>
              {p.country}
            </span>
          ) : null}
          {/* Only where there is data (issue #32): "new profile" on nearly every card said nothing true. */}
          {p.reliability === null || p.reliability === undefined ? null : (
            <span className={BAND_CLASS[reliabilityBand(p.reliability)]} data-reliability={p.reliability}>
              {t('reliability', { rate: p.reliability })}
            </span>
          )}
          {p.kept === null || p.kept === undefined ? null : (
            <span className={p.kept >= 0.95 ? 'text-success' : p.kept >= 0.8 ? 'text-warning' : 'text-danger'} data-kept={Math.round(100 * p.kept)}>
              {tm('keptRate', { rate: Math.round(100 * p.kept) })}
            </span>
          )}
        </span>
      </div>
      <StatusBadge status={status} label={t(`status.${status}`)} />
    </>
  );
});

const handle = (username: string) => `@${username.replace(/^@/, '')}`;
