'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Eye, Pause, Play, Plus, Trash2 } from 'lucide-react';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { callApi, type ApiResult } from '@/components/client/api';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { cardVariants } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useFormat } from '@/components/ui/use-format';
import { PostOrders } from '@/components/watch/post-orders';
import type { WatchPostView, WatchView } from '@/lib/domain/watches/responses';

export type WatchPlatformChoice = {
  key: string;
  services: { key: string; prompt: boolean }[];
  profiles: { id: number; username: string }[];
  /** The customer's crews on the platform (issue #37 item 1: a watch may take a crew). */
  crews: { id: number; name: string; available: number }[];
};

/** How a watch's profiles are chosen: exactly one of these (docs/watch.md). */
type Choice = 'ticked' | 'crew' | 'best';

type Props = {
  watches: (WatchView & { posts: WatchPostView[] })[];
  platforms: WatchPlatformChoice[];
  /** The latest end date a watch may have per platform (the package's end), YYYY-MM-DD. */
  maxEnd: Record<string, string>;
};

/** How often the page reads the watches again while one is active (new posts and their orders appear). */
const REFRESH_MS = 5_000;

/**
 * /panel/watch (issue #37): the customer's watches with their posts and orders, pause, resume and
 * delete, and the form that creates one. Each call goes through the one API client; a refusal is
 * shown as a toast in the page's language.
 */
export function WatchBoard({ watches, platforms, maxEnd }: Props) {
  const t = useTranslations('Watch');
  const router = useRouter();
  const locale = useLocale();
  const errors = useTranslations('Errors');
  const anyActive = watches.some((w) => w.status === 'active');

  useEffect(() => {
    if (!anyActive) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [anyActive, router]);

  const showError = (res: ApiResult) => {
    const code = typeof res.body.code === 'string' ? res.body.code : 'INTERNAL';
    toast.error(errors.has(code as never) ? errors(code as never, res.body as never) : (res.body.mesaj ?? errors('INTERNAL')));
  };

  const act = async (id: number, what: 'pause' | 'resume' | 'delete') => {
    const res = what === 'delete' ? await callApi(`/api/watches/${id}`, { method: 'DELETE', locale }) : await callApi(`/api/watches/${id}/${what}`, { method: 'POST', locale });
    if (!res.ok) return showError(res);
    toast.success(t(`done.${what}`));
    router.refresh();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="watch-list-heading" className="min-w-0 space-y-3">
        <h2 id="watch-list-heading" className="text-lg font-semibold">
          {t('listTitle')}
        </h2>
        {watches.length === 0 ? <EmptyState icon={Eye} title={t('empty')} /> : null}
        <ul className="space-y-3" data-watch-list>
          {watches.map((watch) => (
            <li key={watch.id}>
              <WatchCard watch={watch} onAct={act} crews={platforms.find((p) => p.key === watch.platform)?.crews ?? []} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="watch-new-heading" className={cardVariants('min-w-0 p-4')}>
        <CreateWatchForm platforms={platforms} maxEnd={maxEnd} onCreated={() => router.refresh()} onError={showError} />
      </section>
    </div>
  );
}

function WatchCard({
  watch,
  onAct,
  crews,
}: {
  watch: WatchView & { posts: WatchPostView[] };
  onAct: (id: number, what: 'pause' | 'resume' | 'delete') => void;
  crews: WatchPlatformChoice['crews'];
}) {
  const t = useTranslations('Watch');
  const services = useTranslations('Services');
  const platformsT = useTranslations('Platforms');
  const format = useFormat();
  return (
    <article className={cardVariants('space-y-3 p-4')} data-watch={watch.id} aria-label={t('cardLabel', { account: watch.account })}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate font-medium">
          @{watch.account} · {platformsT(watch.platform as never)}
        </h3>
        <Badge tone={watch.status === 'active' ? 'success' : watch.status === 'paused' ? 'warning' : 'neutral'} data-watch-status={watch.status}>
          {t(`status.${watch.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-muted">{watch.services.map((s) => services(s as never)).join(', ')}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{t('lastPoll')}</dt>
          <dd>{watch.last_polled_at ? format.dateTime(watch.last_polled_at) : t('never')}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('postsFound')}</dt>
          <dd data-posts-found>{watch.posts_found}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('endsAt')}</dt>
          <dd>{format.dateTime(watch.ends_at)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-muted">{t('choice')}</dt>
          <dd data-watch-choice>
            {watch.crew_id !== null
              ? t('summary.crew', { name: crews.find((c) => c.id === watch.crew_id)?.name ?? `#${watch.crew_id}` })
              : watch.best_n !== null
                ? t('summary.best', { count: watch.best_n })
                : t('summary.ticked', { count: watch.profile_ids.length })}
          </dd>
        </div>
      </dl>
      {watch.status !== 'ended' ? (
        <div className="flex flex-wrap gap-2">
          {watch.status === 'active' ? (
            <Button variant="secondary" onClick={() => onAct(watch.id, 'pause')}>
              <Pause aria-hidden="true" className="size-4" />
              {t('pause')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onAct(watch.id, 'resume')}>
              <Play aria-hidden="true" className="size-4" />
              {t('resume')}
            </Button>
          )}
          <Button variant="ghost" onClick={() => onAct(watch.id, 'delete')}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('delete')}
          </Button>
        </div>
      ) : null}
      {watch.posts.length > 0 ? (
        <ul className="space-y-2 border-t border-line pt-3" aria-label={t('postsTitle')}>
          {watch.posts.map((post) => (
            <li key={post.id} className="space-y-1 text-sm" data-watch-post={post.post_id}>
              <a href={post.url} target="_blank" rel="noopener noreferrer" className="block break-all text-brand underline">
                {post.url}
              </a>
              <span className="text-xs text-muted">{format.dateTime(post.found_at)}</span>
              {post.status === 'skipped' ? <p className="text-xs text-warning">{t('skipped', { reason: post.reason ?? '' })}</p> : null}
              <PostOrders orders={post.orders} />
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function CreateWatchForm({ platforms, maxEnd, onCreated, onError }: { platforms: WatchPlatformChoice[]; maxEnd: Record<string, string>; onCreated: () => void; onError: (res: ApiResult) => void }) {
  const t = useTranslations('Watch');
  const services = useTranslations('Services');
  const platformsT = useTranslations('Platforms');
  const locale = useLocale();
  const id = useId();
  const [platform, setPlatform] = useState(platforms[0]?.key ?? '');
  const [account, setAccount] = useState('');
  const [chosenServices, setChosenServices] = useState<string[]>([]);
  const [choice, setChoice] = useState<Choice>('ticked');
  const [profileIds, setProfileIds] = useState<number[]>([]);
  const [crewId, setCrewId] = useState('');
  const [bestN, setBestN] = useState('5');
  const [prompt, setPrompt] = useState('');
  const [delayMin, setDelayMin] = useState('5');
  const [delayMax, setDelayMax] = useState('30');
  const [spread, setSpread] = useState('60');
  const [cap, setCap] = useState('5');
  const [endsAt, setEndsAt] = useState(maxEnd[platforms[0]?.key ?? ''] ?? '');
  const [contains, setContains] = useState('');
  const [busy, setBusy] = useState(false);
  const current = platforms.find((p) => p.key === platform);
  const needsPrompt = chosenServices.some((s) => current?.services.find((x) => x.key === s)?.prompt);

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await callApi('/api/watches', {
        method: 'POST',
        locale,
        body: {
          platform,
          account,
          services: chosenServices,
          ...(choice === 'ticked' ? { profile_ids: profileIds } : choice === 'crew' ? { crew_id: Number(crewId) || 0 } : { best_n: Number(bestN) }),
          ...(needsPrompt && prompt ? { prompt } : {}),
          delay_minutes: [Number(delayMin), Number(delayMax)],
          spread_minutes: Number(spread),
          max_posts_per_day: Number(cap),
          ends_at: endsAt,
          ...(contains ? { contains } : {}),
        },
      });
      if (!res.ok) return onError(res);
      toast.success(t('done.create'));
      setAccount('');
      onCreated();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="watch-new-heading" data-watch-form>
      <h2 id="watch-new-heading" className="text-lg font-semibold">
        {t('newTitle')}
      </h2>
      <p className="text-sm text-muted">{t('intro')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('platform')}</span>
          <Select
            value={platform}
            onChange={(e) => {
              setPlatform(e.target.value);
              setChosenServices([]);
              setProfileIds([]);
              setCrewId('');
              setEndsAt(maxEnd[e.target.value] ?? '');
            }}
          >
            {platforms.map((p) => (
              <option key={p.key} value={p.key}>
                {platformsT(p.key as never)}
              </option>
            ))}
          </Select>
        </label>
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('account')}</span>
          <Input value={account} onChange={(e) => setAccount(e.target.value)} maxLength={200} placeholder={t('accountPlaceholder')} autoComplete="off" />
        </label>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t('services')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {current?.services.map((s) => (
            <label key={s.key} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" className="size-5" checked={chosenServices.includes(s.key)} onChange={() => setChosenServices(toggle(chosenServices, s.key))} />
              {services(s.key as never)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-1" data-watch-choice-group>
        <legend className="text-sm font-medium">{t('choice')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {(['ticked', 'crew', 'best'] as const).map((c) => (
            <label key={c} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name={`${id}-choice`} className="size-5" value={c} checked={choice === c} onChange={() => setChoice(c)} />
              {t(`choices.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'ticked' ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">{t('profiles', { count: profileIds.length })}</legend>
          <div className="grid max-h-56 grid-cols-1 gap-x-4 overflow-y-auto rounded-lg border border-line p-2 sm:grid-cols-2">
            {current?.profiles.map((p) => (
              <label key={p.id} className="flex min-h-11 min-w-0 items-center gap-2 text-sm">
                <input type="checkbox" className="size-5 shrink-0" checked={profileIds.includes(p.id)} onChange={() => setProfileIds(toggle(profileIds, p.id))} />
                <span className="truncate">@{p.username}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : choice === 'crew' ? (
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('crew')}</span>
          {current && current.crews.length > 0 ? (
            <Select value={crewId} onChange={(e) => setCrewId(e.target.value)} aria-describedby={`${id}-crew-hint`}>
              <option value="">{t('crewPick')}</option>
              {current.crews.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {t('crewOption', { name: c.name, count: c.available })}
                </option>
              ))}
            </Select>
          ) : null}
          <p id={`${id}-crew-hint`} className="text-xs font-normal text-muted">
            {current && current.crews.length > 0 ? t('crewHint') : t('noCrews')}
          </p>
        </label>
      ) : (
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('bestN')}</span>
          <Input type="number" inputMode="numeric" min={1} max={500} value={bestN} onChange={(e) => setBestN(e.target.value)} aria-describedby={`${id}-best-hint`} />
          <p id={`${id}-best-hint`} className="text-xs font-normal text-muted">
            {t('bestHint')}
          </p>
        </label>
      )}
      {needsPrompt ? (
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('prompt')}</span>
          <Textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} maxLength={500} rows={2} />
        </label>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('delayMin')}</span>
          <Input type="number" inputMode="numeric" min={0} max={1440} value={delayMin} onChange={(e) => setDelayMin(e.target.value)} />
        </label>
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('delayMax')}</span>
          <Input type="number" inputMode="numeric" min={0} max={1440} value={delayMax} onChange={(e) => setDelayMax(e.target.value)} />
        </label>
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('spread')}</span>
          <Input type="number" inputMode="numeric" min={0} max={1440} value={spread} onChange={(e) => setSpread(e.target.value)} />
        </label>
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('cap')}</span>
          <Input type="number" inputMode="numeric" min={1} max={100} value={cap} onChange={(e) => setCap(e.target.value)} />
        </label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('endsAt')}</span>
          <Input type="date" value={endsAt} max={maxEnd[platform]} onChange={(e) => setEndsAt(e.target.value)} />
        </label>
        <label className="block space-y-1 text-sm font-medium">
          <span>{t('contains')}</span>
          <Input value={contains} onChange={(e) => setContains(e.target.value)} maxLength={100} placeholder={t('containsPlaceholder')} />
        </label>
      </div>
      <Button type="submit" loading={busy} className="w-full sm:w-auto" id={`${id}-submit`}>
        <Plus aria-hidden="true" className="size-4" />
        {t('create')}
      </Button>
    </form>
  );
}
