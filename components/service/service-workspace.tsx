'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { orderNumberText } from '@/lib/infra/format';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import { type Platform, type Service, isPaidByFollowers, sendPath } from '@/lib/domain/catalogue/services';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useViewerState } from '@/components/layout/viewer-context';
import { useLatestCallback } from '@/components/ui/use-latest-callback';
import { AccountNotice, NewTweetPrice, PerActionPrice } from './account-notice';
import { ErrorMessage, FormField, fieldAria } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ProfileList, type ProfileView } from './profile-list';
import { api, type ApiResult } from './service-api';
import { StickyActionBar } from './sticky-action-bar';
import { TipsBox } from './tips-box';
import type { LimitView, PerActionView, Viewer } from './types';
import { useLimitsAndBalance } from './use-limits-balance';
import { useOrderTracking } from './use-order-tracking';
import { usePriceQuote } from './use-price-quote';
import { alreadyDoneIds, useSelection } from './use-selection';
import { EMPTY_FIELDS, hasPrompt, isoToLocalInput, textLength, TWEET_MAX, useServiceForm, type FieldName } from './use-service-form';
import { useRepeat } from './use-repeat';
import { useTargetMatch } from './use-target-match';
import { RepeatNotice } from './repeat-notice';
import { WatchLink } from '@/components/watch/watch-link';
import { SPREAD_CHOICES } from '@/lib/domain/operations/limits';
import { stickyBarVisible, useInView } from './use-sticky-bar';
import { PromptTextarea } from './prompt-textarea';
import { saveDraft, takeDraft } from './send-draft';
import { promptExamples } from './prompt-examples';
import { rememberActivePlatform } from '@/components/layout/active-platform';
import { platformDescriptor, serviceDescriptor } from '@/platforms';
import { CrewBar } from './crew-bar';
import { sameIds, type CrewPick } from './crew-bulk-helpers';
import { SendModeSwitch, type SendMode } from './send-mode';

const BulkOrderCard = dynamic(() => import('./bulk-order-card').then((m) => m.BulkOrderCard), { ssr: false });
import { CommentReview } from './comment-review';

export type { LimitView, Viewer } from './types';

// The top-up dialog (card form, Stripe's React bindings) is its own chunk, loaded when first opened.
// The new-tweet confirmation (a Radix dialog) loads once there is a price to confirm.
const TweetConfirmDialog = dynamic(() => import('./tweet-confirm-dialog').then((m) => m.TweetConfirmDialog), { ssr: false });
const AddBalanceDialog = dynamic(() => import('@/components/payments/add-balance-dialog').then((m) => m.AddBalanceDialog), { ssr: false });

type Props = {
  service: Service;
  platform: Platform;
  profiles: ProfileView[];
  /** The profile list could not be read: the list says so instead of "no profiles" (§8). */
  profilesFailed?: boolean;
  /** As rendered for this request, or 'shell': the signed-in app shell, whose viewer the layout's ViewerProvider reads. */
  viewer: Viewer | 'shell';
  initialLimits: LimitView | null;
  initialBalanceCents: number | null;
  /** Issue #33 item 7: the service's price per action when pay-per-action is on for it. */
  initialPerAction?: PerActionView | null;
};

/** Primitive top-level fields of an error answer, as ICU arguments. */
function paramsOf(body: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/**
 * A service page's interactive part (§2, §4, §5), composed of one hook per concern: limits and
 * balance, selection, the form (checked with the route's own zod schema), the new-tweet price
 * quote and the live order tracking. Keyed by service in the page, so changing the service
 * resets badges, selection and inputs.
 */
export function ServiceWorkspace({ service, platform, profiles, profilesFailed = false, viewer: rendered, initialLimits, initialBalanceCents, initialPerAction = null }: Props) {
  // The app shell knows its customer once GET /api/users/me/viewer has answered; until then
  // (`pending`) the page offers no account parts and sends nothing.
  const viewerState = useViewerState();
  const pending = rendered === 'shell' && viewerState.phase === 'pending';
  const viewer: Viewer = rendered !== 'shell' ? rendered : viewerState.phase === 'member' ? { loggedIn: true, ...viewerState.account } : { loggedIn: false };
  const shellPage = rendered === 'shell' && viewerState.phase === 'member' && viewerState.page?.service === service ? viewerState.page : undefined;
  const t = useTranslations();
  const format = useFormatter();
  const locale = useLocale();
  const router = useRouter();
  const formId = useId();
  const isNewTweet = isPaidByFollowers(service);
  const money = (cents: number) => format.number(cents / 100, { style: 'currency', currency: 'USD' });

  const [sending, setSending] = useState(false);
  /** A send being checked (the schemas may still be loading): a second tap waits for it. */
  const checking = useRef(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [addBalanceOpen, setAddBalanceOpen] = useState(false);
  // Mounted from the first opening on (and kept, so it can close with its animation).
  const [addBalanceUsed, setAddBalanceUsed] = useState(false);

  const account = useLimitsAndBalance({ viewer, service, locale, initialLimits, initialBalanceCents, initialPerAction, shellPage });
  const { refreshLimits, refreshBalance } = account;
  const form = useServiceForm(service, platform);
  const selection = useSelection(
    profiles.map((p) => p.id),
    account.cap,
    (cap) => toast.error(t('ServicePage.profileLimitReached', { limit: cap })),
  );
  // Stable handlers, so the (memoized) list of profiles re-renders only when its own data changes.
  const onToggle = useLatestCallback((id: number) => {
    selection.toggle(id);
    form.clearProfilesError();
  });
  const onToggleAll = useLatestCallback(() => {
    selection.toggleAll();
    form.clearProfilesError();
  });
  const onFinal = useCallback(() => {
    void refreshLimits();
    void refreshBalance();
  }, [refreshLimits, refreshBalance]);
  const tracking = useOrderTracking({ service, platform, socketToken: viewer.loggedIn ? viewer.socketToken : null, onFinal });

  const showError = useCallback(
    (r: ApiResult) => {
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
          toast.error(t(`Errors.${code}`, { platform, ...paramsOf(r.body) }));
          return;
        } catch {
          // Fall through to the server's own text.
        }
      }
      toast.error(r.body.mesaj ?? t('ServicePage.genericError'));
    },
    [t, platform],
  );
  const onQuoteError = useCallback((r: ApiResult) => (r.status === 0 ? toast.error(t('ServicePage.priceError')) : showError(r)), [t, showError]);
  const { quote, refresh: refreshQuote } = usePriceQuote({ service, enabled: isNewTweet && viewer.loggedIn, selected: selection.selected, locale, onError: onQuoteError });

  const selectedCount = selection.selected.length;
  // Nothing ticked costs nothing; otherwise the price is the server's quote for exactly this selection.
  const priceCents = !isNewTweet ? null : selectedCount === 0 ? 0 : (quote?.totalCents ?? null);
  const insufficient = isNewTweet && quote !== null && quote.balanceAfterCents < 0;
  // Issue #33 item 7: an order paid per action costs price × ticked profiles from the balance.
  const perAction = account.paysPerAction ? account.perAction : null;
  const perActionCents = perAction ? perAction.priceCents * selectedCount : null;
  const perActionShort = perActionCents !== null && (account.balanceCents === null || account.balanceCents < perActionCents);

  // §3: the platform worked on last, for the pages whose address names none (/service).
  useEffect(() => rememberActivePlatform(platform), [platform]);

  // Back from /login: what the visitor ticked and typed, once the page knows its customer (and cap).
  const loggedIn = viewer.loggedIn;
  useEffect(() => {
    if (!loggedIn || pending) return;
    const draft = takeDraft(service);
    if (!draft) return;
    selection.restore(draft.selected);
    form.restore(draft.fields);
    // Only when the customer becomes known: the hooks' functions change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn, pending, service]);

  // Issue #36 item 4: `?repeat=<order number>` fills the form and ticks the profiles of the customer's own order.
  const repeatParam = useSearchParams()?.get('repeat') ?? null;
  const pageIds = useMemo(() => new Set(profiles.map((p) => p.id)), [profiles]);
  const repeat = useRepeat({
    param: repeatParam,
    service,
    locale,
    ready: !pending,
    loggedIn,
    pageIds,
    cap: account.cap,
    onDraft: (draft, ticked) => {
      selection.restore(ticked);
      form.restore({ ...EMPTY_FIELDS, url: draft.target_url ?? '', prompt: draft.prompt ?? '', tweetText: draft.tweet_text ?? '', quoteUrl: draft.quote_tweet_url ?? '' });
    },
  });
  const repeating = repeat.state.kind === 'ready' ? repeat.state.draft : null;
  // The ticked profiles that already acted on the order's own target, while the target is still that one.
  const sameTargetDone =
    repeating?.target_url && form.fields.url.trim() === repeating.target_url ? repeating.profiles.filter((p) => p.done_on_target && selection.selectedSet.has(p.id)).length : 0;
  const focusUrl = () => document.getElementById(`${formId}-url`)?.focus();
  const onNewTarget = () => {
    form.set('url', '');
    focusUrl();
  };

  // Issue #36 items 3 and 5: the crew the ticks came from (while they are still its own), and "several links".
  const [crewPick, setCrewPick] = useState<CrewPick | null>(null);
  const crewId = crewPick && sameIds(crewPick.ids, selection.selected) ? crewPick.id : undefined;
  const [mode, setMode] = useState<SendMode>('single');
  const bulk = mode === 'bulk' && !isNewTweet;
  // Issue #36 item 2: the link field's target as the provider tells it, for the picker's match score.
  const match = useTargetMatch(platform, isNewTweet ? '' : form.fields.url, locale);
  const onPick = useLatestCallback((ids: number[]) => {
    selection.restore(ids);
    form.clearProfilesError();
  });

  const sendRef = useRef<HTMLButtonElement>(null);
  const sendInView = useInView(sendRef);
  const showBar = !bulk && stickyBarVisible({ sendInView, selectedCount });

  // ---- Send ----------------------------------------------------------------------------------
  function focusFirstError(errors: Partial<Record<FieldName, string>>) {
    const order: FieldName[] = ['tweetText', 'quoteUrl', 'url', 'prompt', 'startAt', 'profiles'];
    const first = order.find((f) => errors[f]);
    if (first === 'profiles') {
      toast.error(t(errors.profiles!));
      document.getElementById(`${formId}-profiles`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    } else if (first) document.getElementById(`${formId}-${first}`)?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending || checking.current || pending) return;
    if (!viewer.loggedIn) {
      // Straight to /login, and back here afterwards with the ticks and the typing (issue #32).
      saveDraft(service, { selected: selection.selected, fields: form.fields });
      router.push(`/login?next=${encodeURIComponent(`/service/${service}`)}`);
      return;
    }
    checking.current = true;
    const { body, errors } = await form.check(selection.selected).finally(() => {
      checking.current = false;
    });
    if (!body) {
      focusFirstError(errors);
      return;
    }
    if (isNewTweet) {
      if (!quote || insufficient) return;
      setConfirmOpen(true);
      return;
    }
    void send(body);
  }

  async function send(body: Record<string, unknown>): Promise<ApiResult | undefined> {
    const path = sendPath(service);
    const ids = Array.isArray(body.profile_ids) ? (body.profile_ids as number[]) : [...selection.selected];
    if (isNewTweet && quote) body.tweetPrice = quote.totalDollars;
    if (crewId !== undefined) body.crew_id = crewId;
    setSending(true);
    try {
      const r = await api(path, locale, { body });
      const taskId = typeof r.body.task_id === 'string' ? r.body.task_id : undefined;
      // Issue #33: the order's number, named in the confirmation as the panel names it ("#123").
      const orderNumber = typeof r.body.order_number === 'number' ? r.body.order_number : undefined;
      const numbered = (message: string) => (orderNumber === undefined ? message : t('Toast.numbered', { number: orderNumberText(orderNumber), message }));
      if (!r.ok || !taskId) {
        if (repeating && r.body.code === 'ALREADY_DONE') {
          // A repeat keeps its profiles: the target is what to change (or the customer unticks them).
          toast.error(t('Repeat.alreadyDone', { count: alreadyDoneIds(r.body).length || Number(r.body.count) || 1 }));
          form.setError('url', 'Repeat.alreadyDoneField');
          focusUrl();
          return r;
        }
        showError(r);
        if (r.body.code === 'PRICE_CHANGED' || r.body.code === 'INSUFFICIENT_BALANCE') refreshQuote();
        if (r.body.code === 'INSUFFICIENT_BALANCE' || r.body.code === 'NO_PACKAGE' || r.body.code === 'DAILY_LIMIT_EXCEEDED') {
          void refreshBalance();
          void refreshLimits();
        }
        // Issue #17: the profiles that already acted on this target are unticked, the others stay.
        selection.remove(alreadyDoneIds(r.body));
        return r;
      }
      if (typeof body.start_at === 'string') {
        // Scheduled (issue #17): nothing acts before its time; the panel lists it with a Cancel button.
        const time = format.dateTime(new Date(body.start_at), { dateStyle: 'medium', timeStyle: 'short' });
        toast.success(numbered(t('ServicePage.scheduledToast', { time })), { id: taskId });
      } else {
        tracking.track(taskId, ids, orderNumber);
        toast.success(numbered(body.spread_minutes ? t('ServicePage.spreadToast') : t('ServicePage.operationStarted')), { id: taskId });
      }
      selection.clear();
      form.reset();
      if (repeating) {
        // Placed: the page is an ordinary service page again (a reload does not fill it in twice).
        repeat.done();
        const url = new URL(window.location.href);
        url.searchParams.delete('repeat');
        window.history.replaceState(window.history.state, '', url);
      }
      void refreshLimits();
      void refreshBalance();
      return r;
    } finally {
      setSending(false);
    }
  }

  // ---- Rendering -----------------------------------------------------------------------------
  const examples = hasPrompt(service) ? promptExamples(t, service) : [];
  const { limits, cap, used, balanceCents } = account;
  const openAddBalance = () => {
    setAddBalanceUsed(true);
    setAddBalanceOpen(true);
  };
  // The link field's label: the platform's (a tweet, a reel, a video), or a channel's where the service acts on the account.
  const descriptor = platformDescriptor(platform);
  const urlLabel = serviceDescriptor(service)?.service.targets[0] === 'account' ? 'channelUrl' : (descriptor?.linkLabel ?? 'videoUrl');
  const sendLabel = sending
    ? t('ServicePage.sending')
    : !viewer.loggedIn && !pending
      ? t('ServicePage.loginToSend')
      : isNewTweet && priceCents !== null
        ? t('ServicePage.sendWithPrice', { price: money(priceCents) })
        : perActionCents !== null && selectedCount > 0
          ? t('ServicePage.sendWithPrice', { price: money(perActionCents) })
          : t('ServicePage.send');
  const sendDisabled =
    sending || pending || (isNewTweet && viewer.loggedIn && (insufficient || (selectedCount > 0 && priceCents === null))) || (perAction !== null && selectedCount > 0 && perActionShort);
  const selectedText = t('ServicePage.selectedCount', { selected: selectedCount, total: profiles.length });
  const errorText = (field: FieldName) => (form.errors[field] ? t(form.errors[field]) : undefined);
  const tweetLength = textLength(form.fields.tweetText);

  return (
    <div className={showBar ? 'mt-4 space-y-6 pb-24' : 'mt-4 space-y-6'} data-workspace={service} data-realtime={tracking.connection ?? undefined}>
      {/* Until the app shell knows its customer: the height of the limits card most customers see (three lines), so the form does not move. */}
      {pending ? <Skeleton className="h-[86px] w-full" data-account-pending /> : <AccountNotice viewer={viewer} platform={platform} limits={limits} cap={cap} used={used} perAction={account.perAction} />}
      <RepeatNotice state={repeat.state} service={service} sameTargetDone={sameTargetDone} onNewTarget={onNewTarget} />
      <WatchLink />

      {isNewTweet ? null : <SendModeSwitch mode={mode} onChange={setMode} controls="send-mode-form" />}
      <div id="send-mode-form">
        {bulk ? (
          <BulkOrderCard
            service={service}
            selected={selection.selected}
            crewId={crewId}
            loggedIn={viewer.loggedIn && !pending}
            onLogin={() => router.push(`/login?next=${encodeURIComponent(`/service/${service}`)}`)}
            onDone={() => {
              void refreshLimits();
              void refreshBalance();
            }}
          />
        ) : (
        <Card className="p-4">
          <form id={formId} onSubmit={onSubmit} noValidate aria-labelledby={`${formId}-title`} className="space-y-4">
            <h2 id={`${formId}-title`} className="text-lg font-semibold">
              {t('ServicePage.formTitle')}
            </h2>
            {isNewTweet ? (
              <>
                <FormField look="stack" id={`${formId}-tweetText`} label={t('ServicePage.tweetText')} error={errorText('tweetText')}>
                  <Textarea
                    {...fieldAria(`${formId}-tweetText`, errorText('tweetText'))}
                    rows={4}
                    value={form.fields.tweetText}
                    onChange={(e) => form.set('tweetText', e.target.value)}
                    placeholder={t('ServicePage.tweetTextPlaceholder')}
                    aria-describedby={`${formId}-counter`}
                  />
                  <p id={`${formId}-counter`} className={tweetLength > TWEET_MAX ? 'text-right text-xs font-medium text-danger' : 'text-right text-xs text-muted'} aria-live="polite">
                    {t('ServicePage.charCounter', { count: tweetLength, max: TWEET_MAX })}
                  </p>
                </FormField>
                <FormField look="stack" id={`${formId}-quoteUrl`} label={t('ServicePage.quoteUrl')} error={errorText('quoteUrl')}>
                  <Input
                    {...fieldAria(`${formId}-quoteUrl`, errorText('quoteUrl'))}
                    type="url"
                    inputMode="url"
                    value={form.fields.quoteUrl}
                    onChange={(e) => form.set('quoteUrl', e.target.value)}
                    placeholder={t('ServicePage.tweetUrlPlaceholder')}
                  />
                </FormField>
                {viewer.loggedIn ? (
                  <NewTweetPrice
                    priceCents={priceCents}
                    balanceCents={balanceCents}
                    quote={insufficient ? quote : null}
                    onAddBalance={openAddBalance}
                  />
                ) : null}
              </>
            ) : (
              <>
              <FormField look="stack" id={`${formId}-url`} label={t(`ServicePage.${urlLabel}`)} error={errorText('url')}>
                <Input
                  {...fieldAria(`${formId}-url`, errorText('url'))}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  value={form.fields.url}
                  onChange={(e) => form.set('url', e.target.value)}
                  placeholder={t(`ServicePage.${urlLabel}Placeholder`)}
                />
              </FormField>
              {perAction ? <PerActionPrice priceCents={perAction.priceCents} count={selectedCount} balanceCents={balanceCents} onAddBalance={openAddBalance} /> : null}
              </>
            )}
            {hasPrompt(service) ? (
              <div className="grid gap-4 md:grid-cols-[1fr_minmax(0,18rem)]">
                <FormField look="stack" id={`${formId}-prompt`} label={t('ServicePage.prompt')} error={errorText('prompt')}>
                  <PromptTextarea
                    {...fieldAria(`${formId}-prompt`, errorText('prompt'))}
                    rows={3}
                    value={form.fields.prompt}
                    onChange={(e) => form.set('prompt', e.target.value)}
                    examples={examples}
                    rotateMs={descriptor && 'promptRotateMs' in descriptor ? descriptor.promptRotateMs : undefined}
                    aria-describedby={[`${formId}-prompt-help`, errorText('prompt') ? `${formId}-prompt-error` : ''].filter(Boolean).join(' ')}
                  />
                  <p id={`${formId}-prompt-help`} className="text-xs text-muted">
                    {t('ServicePage.promptHelp')}
                  </p>
                </FormField>
                <TipsBox tips={service} />
              </div>
            ) : descriptor && 'pageTips' in descriptor && descriptor.pageTips ? (
              <TipsBox tips={platform} />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-3" data-schedule>
              <FormField look="stack" id={`${formId}-when`} label={t('ServicePage.when')}>
                <Select id={`${formId}-when`} value={form.fields.when} onChange={(e) => form.set('when', e.target.value === 'at' ? 'at' : 'now')}>
                  <option value="now">{t('ServicePage.whenNow')}</option>
                  <option value="at">{t('ServicePage.whenAt')}</option>
                </Select>
              </FormField>
              {form.fields.when === 'at' ? (
                <FormField look="stack" id={`${formId}-startAt`} label={t('ServicePage.startAt')} error={errorText('startAt')}>
                  <Input
                    {...fieldAria(`${formId}-startAt`, errorText('startAt'))}
                    type="datetime-local"
                    value={form.fields.startAt}
                    min={isoToLocalInput(new Date())}
                    max={isoToLocalInput(new Date(Date.now() + 30 * 86_400_000))}
                    onChange={(e) => form.set('startAt', e.target.value)}
                  />
                </FormField>
              ) : null}
              <FormField look="stack" id={`${formId}-spread`} label={t('ServicePage.spreadOver')}>
                <Select id={`${formId}-spread`} value={form.fields.spread} onChange={(e) => form.set('spread', e.target.value)}>
                  {SPREAD_CHOICES.map((m) => (
                    <option key={m} value={String(m)}>
                      {t(`ServicePage.spread${m}` as 'ServicePage.spread0')}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="text-sm">
                <p className="text-muted">{selectedText}</p>
                <ErrorMessage className="text-danger">{errorText('profiles')}</ErrorMessage>
              </div>
              <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              {/* Issue #36 item 6: approve each profile's comment before sending (comment-review.tsx). */}
              {hasPrompt(service) && viewer.loggedIn ? (
                <CommentReview
                  service={service}
                  platform={platform}
                  locale={locale}
                  profiles={profiles}
                  disabled={sendDisabled}
                  check={async () => {
                    const { body, errors } = await form.check(selection.selected);
                    if (!body) focusFirstError(errors);
                    return body;
                  }}
                  onRemove={(id) => selection.remove([id])}
                  send={send}
                />
              ) : null}
              <Button ref={sendRef} type="submit" size="lg" disabled={sendDisabled} loading={sending} data-send className="w-full sm:w-auto">
                {sending ? null : <Send aria-hidden="true" className="size-4" />}
                {sendLabel}
              </Button>
              </div>
            </div>
          </form>
        </Card>
        )}
      </div>

      {viewer.loggedIn && !pending ? (
        <CrewBar
          platform={platform}
          pageIds={pageIds}
          selected={selection.selected}
          cap={account.cap}
          picked={crewId !== undefined ? crewPick : null}
          onPick={(pick) => {
            selection.restore(pick.ids);
            setCrewPick(pick);
            form.clearProfilesError();
          }}
        />
      ) : null}

      <section aria-labelledby={`${formId}-profiles`}>
        <h2 id={`${formId}-profiles`} className="mb-2 text-lg font-semibold">
          {t('ServicePage.profilesTitle')}
        </h2>
        <ProfileList
          platform={platform}
          profiles={profiles}
          selected={selection.selectedSet}
          badges={tracking.badges}
          onToggle={onToggle}
          onToggleAll={onToggleAll}
          allSelected={selection.allSelected}
          locked={pending}
          loadFailed={profilesFailed}
          match={match}
          cap={account.cap}
          onPick={onPick}
        />
      </section>

      {showBar ? (
        <StickyActionBar
          formId={formId}
          selectedText={selectedText}
          priceText={
            isNewTweet && viewer.loggedIn && priceCents !== null
              ? `${t('ServicePage.priceLabel')}: ${money(priceCents)}`
              : perActionCents !== null
                ? `${t('ServicePage.priceLabel')}: ${money(perActionCents)}`
                : null
          }
          sendLabel={sending ? t('ServicePage.sending') : viewer.loggedIn || pending ? t('ServicePage.send') : t('ServicePage.loginToSend')}
          disabled={sendDisabled}
          busy={sending}
        />
      ) : null}

      {(isNewTweet || perAction) && viewer.loggedIn && addBalanceUsed ? (
        <AddBalanceDialog
          open={addBalanceOpen}
          onOpenChange={setAddBalanceOpen}
          onSuccess={(cents) => {
            account.setBalanceCents(cents);
            refreshQuote();
          }}
        />
      ) : null}
      {isNewTweet && quote ? (
        <TweetConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          tweetText={form.fields.tweetText.trim()}
          quoteUrl={form.fields.quoteUrl.trim()}
          quote={quote}
          onConfirm={() => {
            setConfirmOpen(false);
            void form.check(selection.selected).then(({ body }) => {
              if (body) void send(body);
            });
          }}
        />
      ) : null}
    </div>
  );
}
