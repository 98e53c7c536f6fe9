'use client';

import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import type { Platform, Service } from '@/lib/catalogue/services';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useOperationSocket } from '@/components/realtime/use-operation-socket';
import type { ConnectionState } from '@/components/realtime/operation-socket';
import { Dialog, DialogContent } from '@/components/ui/dialog';

// The top-up dialog (card form, Stripe's React bindings) is its own chunk, loaded when first opened.
const AddBalanceDialog = dynamic(() => import('@/components/payments/add-balance-dialog').then((m) => m.AddBalanceDialog), { ssr: false });
import {
  applyOperationEvent,
  connectionToast,
  DuplicateFilter,
  isFinalStatus,
  markPending,
  sameOperation,
  selectAllIds,
  toastKindOf,
  type Badge,
  type OperationEvent,
} from './order-lifecycle';
import { ProfileList, type ProfileView } from './profile-list';
import { api, sendPath, URL_FIELD, type ApiResult } from './service-api';
import { TipsBox } from './tips-box';
import { useTypingPlaceholder, INSTAGRAM_ROTATE_MS } from './use-typing-placeholder';
import { parseDollars } from '@/lib/money';

/** §3 Limit info as GET /api/users/limits/me returns it. */
export type LimitView = {
  profil_limit: number | null;
  gunluk_limit: number | null;
  hizmet_detaylari: Record<string, { kullanilan: number }>;
  reset_suresi: { saat: number; dakika: number };
  sinirsiz?: boolean;
};

export type Viewer = { loggedIn: false } | { loggedIn: true; isAdmin: boolean; socketToken: string | null };

export type PriceQuote = { success: boolean; priceCents: number };

type Props = {
  service: Service;
  platform: Platform;
  profiles: ProfileView[];
  viewer: Viewer;
  initialLimits: LimitView | null;
  initialBalanceCents: number | null;
  /** Server action: the server's price of a new tweet by these profiles (§9). */
  quotePrice?: (profileIds: number[]) => Promise<PriceQuote>;
};

const PROMPT_SERVICES = ['comment', 'reels_comment', 'youtube_comment'] as const;
type PromptService = (typeof PROMPT_SERVICES)[number];
const isPromptService = (s: string): s is PromptService => (PROMPT_SERVICES as readonly string[]).includes(s);
const EXAMPLE_KEYS = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10'] as const;
const DEFAULT_PROFILE_LIMIT = 5;
const TWEET_MAX = 280;

/** Primitive top-level fields of an error answer, as ICU arguments. */
function paramsOf(body: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/**
 * A service page's interactive part (§2, §4, §5): selection, the form of the service, the send,
 * and the order lifecycle driven by operation_update. Keyed by service in the page, so changing
 * the service resets badges, selection and inputs.
 */
export function ServiceWorkspace({ service, platform, profiles, viewer, initialLimits, initialBalanceCents, quotePrice }: Props) {
  const t = useTranslations();
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const formId = useId();

  const [selected, setSelected] = useState<number[]>([]);
  const [badges, setBadges] = useState<Record<number, Badge>>({});
  const [limits, setLimits] = useState<LimitView | null>(initialLimits);
  const [balanceCents, setBalanceCents] = useState<number | null>(initialBalanceCents);
  const [sending, setSending] = useState(false);
  const [url, setUrl] = useState('');
  const [prompt, setPrompt] = useState('');
  const [tweetText, setTweetText] = useState('');
  const [quoteUrl, setQuoteUrl] = useState('');
  const [price, setPrice] = useState<{ ids: string; cents: number } | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [addBalanceOpen, setAddBalanceOpen] = useState(false);
  // Mounted from the first opening on (and kept, so it can close with its animation).
  const [addBalanceUsed, setAddBalanceUsed] = useState(false);

  const tasks = useRef(new Map<string, number[]>());
  const early = useRef(new Map<string, OperationEvent[]>());
  const dupes = useRef(new DuplicateFilter());

  const isNewTweet = service === 'new_tweet';
  const isAdmin = viewer.loggedIn && viewer.isAdmin;
  const cap = viewer.loggedIn && !isAdmin && limits && !limits.sinirsiz ? (limits.profil_limit ?? DEFAULT_PROFILE_LIMIT) : null;
  const selectedSet = new Set(selected);
  const allSelected = selected.length > 0 && selected.length >= Math.min(cap ?? profiles.length, profiles.length);
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });
  const serviceName = (op: string) => (t.has(`Services.${op.replace(/-/g, '_')}`) ? t(`Services.${op.replace(/-/g, '_')}`) : op);

  // ---- Limits and balance -------------------------------------------------------------------
  const refreshLimits = useCallback(async () => {
    if (!viewer.loggedIn) return;
    const r = await api(`/api/users/limits/me?service=${service}`, locale);
    if (r.ok) setLimits((r.body.limitInfo as LimitView | null) ?? null);
  }, [viewer.loggedIn, service, locale]);

  const refreshBalance = useCallback(async () => {
    if (!viewer.loggedIn || !isNewTweet) return;
    const r = await api('/api/bakiye/kullanici-bakiye', locale);
    const cents = parseDollars(r.body.bakiye);
    if (r.ok && cents !== null) setBalanceCents(cents);
  }, [viewer.loggedIn, isNewTweet, locale]);

  // ---- New-tweet price from the server --------------------------------------------------------
  const selectedKey = selected.join(',');
  useEffect(() => {
    if (!isNewTweet || !quotePrice) return;
    let stale = false;
    const timer = setTimeout(async () => {
      if (!selectedKey) {
        setPrice({ ids: '', cents: 0 });
        return;
      }
      try {
        const quote = await quotePrice(selectedKey.split(',').map(Number));
        if (!stale) {
          if (quote.success) setPrice({ ids: selectedKey, cents: quote.priceCents });
          else toast.error(t('ServicePage.priceError'));
        }
      } catch {
        if (!stale) toast.error(t('ServicePage.priceError'));
      }
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [isNewTweet, quotePrice, selectedKey, t]);
  const priceKnown = price !== null && price.ids === selectedKey;
  const priceCents = priceKnown ? price.cents : null;
  const insufficient = isNewTweet && priceCents !== null && balanceCents !== null && priceCents > balanceCents;

  // ---- operation_update ----------------------------------------------------------------------
  const handleEvent = useCallback(
    (payload: unknown, fromRefresh = false) => {
      const event = payload as OperationEvent;
      if (!event || typeof event.task_id !== 'string' || typeof event.operation !== 'string') return;
      if (!sameOperation(event.operation, service)) return;
      const known = tasks.current.get(event.task_id);
      if (!known && !fromRefresh) {
        // The answer to our own POST may still be on its way: keep the event to replay it then.
        const list = early.current.get(event.task_id) ?? [];
        list.push(event);
        early.current.set(event.task_id, list);
      }
      setBadges((b) => applyOperationEvent(b, event, { service, platform, taskProfileIds: known }));
      if (dupes.current.isDuplicate(event, platform)) return;
      const kind = toastKindOf(event);
      const values = { operation: serviceName(event.operation), success: event.success_count ?? 0, total: event.total_count ?? 0 };
      const message = t(`Toast.operation_${kind}`, values);
      const options = { id: event.task_id };
      if (kind === 'success') toast.success(message, options);
      else if (kind === 'partial') toast.warning(message, options);
      else if (kind === 'failed') toast.error(message, options);
      else toast.info(message, options);
      if (isFinalStatus(event.status)) {
        tasks.current.delete(event.task_id);
        void refreshLimits();
        void refreshBalance();
      }
    },
    // serviceName only depends on t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [service, platform, t, refreshLimits, refreshBalance],
  );

  const refreshPending = useCallback(async () => {
    for (const taskId of [...tasks.current.keys()]) {
      const r = await api(`/api/operations/${encodeURIComponent(taskId)}`, locale);
      if (r.ok) handleEvent(r.body, true);
      else toast.error(t('ServicePage.statusCheckError'));
    }
  }, [handleEvent, locale, t]);

  const [connection, setConnection] = useState<ConnectionState | null>(null);
  const lastConnection = useRef<ConnectionState | null>(null);
  const onState = useCallback(
    (state: ConnectionState) => {
      const kind = connectionToast(lastConnection.current, state);
      lastConnection.current = state;
      setConnection(state);
      if (kind === 'restored') toast.success(t('Realtime.restored'), { id: 'realtime' });
      else if (kind === 'lost') toast.warning(t('Realtime.lost'), { id: 'realtime' });
      else if (kind === 'error') toast.error(t('Realtime.error'), { id: 'realtime' });
    },
    [t],
  );

  useOperationSocket(viewer.loggedIn ? viewer.socketToken : null, { onUpdate: handleEvent, onReconnect: refreshPending, onState });

  // ---- Selection -----------------------------------------------------------------------------
  function toggle(id: number) {
    if (selectedSet.has(id)) {
      setSelected(selected.filter((x) => x !== id));
      return;
    }
    if (cap !== null && selected.length >= cap) {
      toast.error(t('ServicePage.profileLimitReached', { limit: cap }));
      return;
    }
    setSelected([...selected, id]);
  }

  function toggleAll() {
    setSelected(allSelected ? [] : selectAllIds(profiles.map((p) => p.id), cap));
  }

  // ---- Send ----------------------------------------------------------------------------------
  function showError(r: ApiResult) {
    const code = r.body.code;
    if (r.status === 401 || code === 'UNAUTHORIZED') {
      toast.error(t('ServicePage.loginRequired'));
      return;
    }
    if (code === 'COOLDOWN_ACTIVE' && !t.has('Errors.COOLDOWN_ACTIVE')) {
      toast.error(r.body.mesaj ?? t('ServicePage.cooldownWait', { remainingSeconds: Number(r.body.remainingSeconds) || 0 }));
      return;
    }
    if (code && code !== 'VALIDATION_FAILED' && t.has(`Errors.${code}`)) {
      try {
        toast.error(t(`Errors.${code}`, paramsOf(r.body)));
        return;
      } catch {
        // Fall through to the server's own text.
      }
    }
    toast.error(r.body.mesaj ?? t('ServicePage.genericError'));
  }

  function validate(): string | null {
    if (isNewTweet) return selected.length === 0 || !tweetText.trim() ? 'selectProfileAndText' : null;
    if (platform === 'youtube') {
      if (!url.trim()) return 'selectUrl';
      if (selected.length === 0) return 'selectProfile';
      return null;
    }
    return selected.length === 0 || !url.trim() ? 'selectProfileAndUrl' : null;
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    if (!viewer.loggedIn) {
      toast.error(t('ServicePage.loginRequired'), {
        action: { label: t('ServicePage.visitorLogin'), onClick: () => router.push('/login') },
      });
      return;
    }
    const problem = validate();
    if (problem) {
      toast.error(t(`ServicePage.${problem}`));
      return;
    }
    if (isNewTweet) {
      if (priceCents === null || insufficient) return;
      setConfirmOpen(true);
      return;
    }
    void send();
  }

  async function send() {
    const path = sendPath(service);
    if (!path) return;
    const ids = [...selected];
    const body: Record<string, unknown> = { profile_ids: ids };
    if (isNewTweet) {
      body.tweet_text = tweetText.trim();
      body.quote_tweet_url = quoteUrl.trim() || null;
      if (priceCents !== null) body.tweetPrice = priceCents / 100;
    } else {
      body[URL_FIELD[platform]] = url.trim();
      if (isPromptService(service)) body.prompt = prompt.trim();
    }
    setSending(true);
    try {
      const r = await api(path, locale, { body });
      const taskId = typeof r.body.task_id === 'string' ? r.body.task_id : undefined;
      if (!r.ok || !taskId) {
        showError(r);
        return;
      }
      tasks.current.set(taskId, ids);
      const buffered = early.current.get(taskId) ?? [];
      early.current.delete(taskId);
      setBadges((b) => buffered.reduce((acc, ev) => applyOperationEvent(acc, ev, { service, platform, taskProfileIds: ids }), markPending(b, ids)));
      toast.success(t('ServicePage.operationStarted'), { id: taskId });
      setSelected([]);
      setUrl('');
      setPrompt('');
      setTweetText('');
      setQuoteUrl('');
      void refreshLimits();
      void refreshBalance();
    } finally {
      setSending(false);
    }
  }

  // ---- Rendering -----------------------------------------------------------------------------
  const examples = isPromptService(service) ? EXAMPLE_KEYS.map((k) => t(`Placeholders.${service}.${k}`)) : [];
  const placeholder = useTypingPlaceholder(examples, { rotateMs: platform === 'instagram' ? INSTAGRAM_ROTATE_MS : undefined });
  const used = limits?.hizmet_detaylari?.[service]?.kullanilan ?? 0;
  const field = 'mt-1 block w-full rounded-md border border-line bg-card px-3 py-2 text-base text-ink placeholder:text-muted';
  const label = 'block text-sm font-medium';
  const urlLabel = platform === 'twitter' ? 'tweetUrl' : platform === 'instagram' ? 'reelsUrl' : service === 'youtube_subscribe' ? 'channelUrl' : 'videoUrl';
  const sendLabel = sending
    ? t('ServicePage.sending')
    : !viewer.loggedIn
      ? t('ServicePage.loginToSend')
      : isNewTweet && priceCents !== null
        ? t('ServicePage.sendWithPrice', { price: money(priceCents) })
        : t('ServicePage.send');
  const sendDisabled = sending || (isNewTweet && viewer.loggedIn && (insufficient || (selected.length > 0 && priceCents === null)));

  return (
    <div className="mt-4 space-y-6" data-workspace={service} data-realtime={connection ?? undefined}>
      <div className="space-y-2 text-sm">
        {!viewer.loggedIn ? (
          <p className="rounded-lg border border-brand bg-brand-soft p-3 text-ink" data-visitor-notice>
            {t('ServicePage.visitorNotice')}{' '}
            <Link href="/login" className="font-semibold text-brand underline">
              {t('ServicePage.visitorLogin')}
            </Link>
          </p>
        ) : !isAdmin && !limits ? (
          <p className="rounded-lg border border-warning bg-card p-3 text-ink" data-not-allowed>
            {t('ServicePage.notAllowed', { platform })}{' '}
            <Link href="/panel/subscription" className="font-semibold text-brand underline">
              {t('ServicePage.buyPackage')}
            </Link>
          </p>
        ) : !isAdmin && limits && !limits.sinirsiz ? (
          <div className="rounded-lg border border-line bg-card p-3" data-limits>
            {limits.gunluk_limit !== null ? <p data-daily-limit>{t('ServicePage.dailyLimit', { used, limit: limits.gunluk_limit })}</p> : null}
            {cap !== null ? <p>{t('ServicePage.profileLimit', { limit: cap })}</p> : null}
            <p className="text-muted">{t('ServicePage.resetIn', { hours: limits.reset_suresi.saat, minutes: limits.reset_suresi.dakika })}</p>
          </div>
        ) : null}
      </div>

      <form id={formId} onSubmit={onSubmit} noValidate aria-labelledby={`${formId}-title`} className="space-y-4 rounded-lg border border-line bg-card p-4 shadow-sm">
        <h2 id={`${formId}-title`} className="text-lg font-semibold">
          {t('ServicePage.formTitle')}
        </h2>
        {isNewTweet ? (
          <>
            <div>
              <label htmlFor={`${formId}-text`} className={label}>
                {t('ServicePage.tweetText')}
              </label>
              <textarea
                id={`${formId}-text`}
                rows={4}
                maxLength={TWEET_MAX}
                value={tweetText}
                onChange={(e) => setTweetText(e.target.value)}
                placeholder={t('ServicePage.tweetTextPlaceholder')}
                aria-describedby={`${formId}-counter`}
                className={field}
              />
              <p id={`${formId}-counter`} className="mt-1 text-right text-xs text-muted" aria-live="polite">
                {t('ServicePage.charCounter', { count: [...tweetText].length })}
              </p>
            </div>
            <div>
              <label htmlFor={`${formId}-quote`} className={label}>
                {t('ServicePage.quoteUrl')}
              </label>
              <input id={`${formId}-quote`} type="url" inputMode="url" value={quoteUrl} onChange={(e) => setQuoteUrl(e.target.value)} placeholder={t('ServicePage.tweetUrlPlaceholder')} className={field} />
            </div>
            {viewer.loggedIn ? (
              <div className="space-y-2 rounded-md bg-surface p-3 text-sm" data-new-tweet-price>
                <p>
                  <span className="font-medium">{t('ServicePage.priceLabel')}: </span>
                  <span data-price>{priceCents !== null ? money(priceCents) : '…'}</span>
                </p>
                <p className="text-xs text-muted">{t('ServicePage.priceHint')}</p>
                <div className="flex flex-wrap items-center gap-3">
                  <p data-balance>{t('ServicePage.balance', { amount: balanceCents !== null ? money(balanceCents) : '…' })}</p>
                  <button
                    type="button"
                    onClick={() => {
                      setAddBalanceUsed(true);
                      setAddBalanceOpen(true);
                    }}
                    className="inline-flex min-h-11 items-center rounded-md border border-brand px-4 text-sm font-medium text-brand hover:bg-brand-soft"
                  >
                    {t('ServicePage.addBalance')}
                  </button>
                </div>
                {insufficient && priceCents !== null && balanceCents !== null ? (
                  <p role="alert" className="font-medium text-danger" data-insufficient>
                    {t('ServicePage.insufficient', { required: money(priceCents), current: money(balanceCents) })}
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
        ) : (
          <div>
            <label htmlFor={`${formId}-url`} className={label}>
              {t(`ServicePage.${urlLabel}`)}
            </label>
            <input
              id={`${formId}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder={t(`ServicePage.${urlLabel}Placeholder`)}
              className={field}
            />
          </div>
        )}
        {isPromptService(service) ? (
          <div className="grid gap-4 md:grid-cols-[1fr_minmax(0,18rem)]">
            <div>
              <label htmlFor={`${formId}-prompt`} className={label}>
                {t('ServicePage.prompt')}
              </label>
              <textarea
                id={`${formId}-prompt`}
                rows={3}
                maxLength={500}
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                placeholder={placeholder}
                aria-describedby={`${formId}-prompt-help`}
                className={field}
              />
              <p id={`${formId}-prompt-help`} className="mt-1 text-xs text-muted">
                {t('ServicePage.promptHelp')}
              </p>
            </div>
            <TipsBox service={service} />
          </div>
        ) : platform === 'instagram' ? (
          <TipsBox service="instagram" />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{t('ServicePage.selectedCount', { selected: selected.length, total: profiles.length })}</p>
          <button
            type="submit"
            disabled={sendDisabled}
            aria-busy={sending}
            data-send
            className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-6 font-semibold text-brand-ink hover:opacity-90 disabled:cursor-not-allowed disabled:bg-muted sm:w-auto"
          >
            {sendLabel}
          </button>
        </div>
      </form>

      <section aria-labelledby={`${formId}-profiles`}>
        <h2 id={`${formId}-profiles`} className="mb-2 text-lg font-semibold">
          {t('ServicePage.profilesTitle')}
        </h2>
        <ProfileList platform={platform} profiles={profiles} selected={selectedSet} badges={badges} onToggle={toggle} onToggleAll={toggleAll} allSelected={allSelected} />
      </section>

      {isNewTweet && viewer.loggedIn && addBalanceUsed ? (
        <AddBalanceDialog open={addBalanceOpen} onOpenChange={setAddBalanceOpen} onSuccess={(cents) => setBalanceCents(cents)} />
      ) : null}
      {isNewTweet ? (
        <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
          <DialogContent title={t('ServicePage.confirmTitle')} closeLabel={t('Common.close')}>
            <p data-confirm-text>{t('ServicePage.confirmText', { count: selected.length, price: priceCents !== null ? money(priceCents) : '' })}</p>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" onClick={() => setConfirmOpen(false)} className="inline-flex min-h-11 items-center justify-center rounded-md border border-line px-4 hover:bg-brand-soft">
                {t('ServicePage.cancel')}
              </button>
              <button
                type="button"
                onClick={() => {
                  setConfirmOpen(false);
                  void send();
                }}
                className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 font-semibold text-brand-ink hover:opacity-90"
              >
                {t('ServicePage.confirmPay')}
              </button>
            </div>
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}
