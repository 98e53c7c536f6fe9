'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { CalendarPlus } from 'lucide-react';
import { toast } from 'sonner';
import type { Platform } from '@/lib/domain/catalogue/services';
import { discountedCents, formatUsd, subtotalCents } from '@/lib/domain/payments/amounts';
import { CardFields, CardholderField, type CardHandle } from './card-fields';
import { PaymentError, paymentApi, type PaymentConfig } from './payment-api';
import { usePaymentErrorText } from './add-balance-dialog';
import { ArrowLeft, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cardVariants } from '@/components/ui/card';

/** A package for sale; `name` already in the reader's language; `prices` (cents) only on the platforms it is sold on. */
export type BuyablePackage = { id: number; name: string; gunlukLimit: number; profilLimit: number; prices: Partial<Record<Platform, number>> };

/** A package the customer already runs on a platform: buying that platform again extends it (server dates). */
export type RunningPackage = { platform: Platform; endsAt: string; extendsTo: string };

/** What /panel/subscription?package=&platform= asks to open (the pricing page's "buy" and "extend"). */
export type BuyPreselection = { packageId: number; platform?: Platform };

type Props = { packages: BuyablePackage[]; activePlatforms: Platform[]; config: PaymentConfig; running?: RunningPackage[]; preselect?: BuyPreselection };

const RELOAD_AFTER_MS = 2000;

/**
 * The buy flow of /panel/subscription (§4): the package list opens a payment view with the
 * package's platforms as toggles, a discount code (applied or removed; the field is locked while
 * applied), a live total, the card and the cardholder's name. The total shown is arithmetic on
 * the server's quote; the server computes the charge again on its own.
 */
export function BuyPackageFlow({ packages: all, activePlatforms, config, running = [], preselect }: Props) {
  const t = useTranslations('Payments.subscription');
  const tp = useTranslations('Platforms');
  const locale = useLocale();
  // A package is offered on the active platforms it has a price on (none: not offered at all).
  const soldOn = (p: BuyablePackage) => activePlatforms.filter((pl) => p.prices[pl] !== undefined);
  const packages = all.filter((p) => soldOn(p).length > 0);
  // A package the pricing page sent the customer to buy opens its payment view at once, with that
  // platform ticked; one no longer for sale (or a platform switched off) leaves the list as it is.
  const preselected = preselect ? (packages.find((p) => p.id === preselect.packageId) ?? null) : null;
  const [selected, setSelected] = useState<BuyablePackage | null>(preselected);
  const initialPlatform = preselected && selected?.id === preselected.id && preselect?.platform && soldOn(preselected).includes(preselect.platform) ? preselect.platform : undefined;
  // The link's query has done its work: drop it from the address, so that the reload after paying
  // (or the customer's own) shows the page as it is, not this payment view again.
  useEffect(() => {
    if (preselect && window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [preselect]);

  if (selected) {
    return (
      <PaymentView
        key={selected.id}
        pkg={selected}
        activePlatforms={soldOn(selected)}
        initialPlatform={initialPlatform}
        scrollIntoView={selected === preselected}
        config={config}
        running={running}
        onBack={() => setSelected(null)}
      />
    );
  }
  if (packages.length === 0) return <p className="text-muted">{t('noPackages')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {packages.map((p) => (
        <li key={p.id} className={cardVariants('flex flex-col p-4')}>
          <h3 className="text-lg font-semibold">{p.name}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-2 text-sm">
            <dt className="text-muted">{t('dailyLimit')}</dt>
            <dd>{p.gunlukLimit}</dd>
            <dt className="text-muted">{t('profileLimit')}</dt>
            <dd>{p.profilLimit}</dd>
          </dl>
          <p className="mt-3 text-sm font-medium">{t('perPlatform')}</p>
          <ul className="mt-1 text-sm">
            {soldOn(p).map((pl) => (
              <li key={pl} className="flex justify-between">
                <span>{tp(pl)}</span>
                <span className="font-semibold">{formatUsd(p.prices[pl]!, locale)}</span>
              </li>
            ))}
          </ul>
          <Button onClick={() => setSelected(p)} aria-label={t('buyPackage', { name: p.name })} className="mt-4">
            {t('buy')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

type PaymentViewProps = {
  pkg: BuyablePackage;
  /** The active platforms the package is sold on. */
  activePlatforms: Platform[];
  /** The platform ticked at first (else the first active one). */
  initialPlatform?: Platform;
  /** Opened from a link (the pricing page): brought into view, below the balance and running packages. */
  scrollIntoView?: boolean;
  config: PaymentConfig;
  running: RunningPackage[];
  onBack: () => void;
};

function PaymentView({ pkg, activePlatforms, initialPlatform, scrollIntoView = false, config, running, onBack }: PaymentViewProps) {
  const format = useFormatter();
  const t = useTranslations('Payments.subscription');
  const tc = useTranslations('Payments.card');
  const tPay = useTranslations('Payments');
  const tp = useTranslations('Platforms');
  const locale = useLocale();
  const errorText = usePaymentErrorText();
  const id = useId();
  const [platforms, setPlatforms] = useState<Platform[]>(initialPlatform ? [initialPlatform] : activePlatforms.slice(0, 1));
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (scrollIntoView) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [scrollIntoView]);
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<{ kod: string; percent: number } | null>(null);
  const [applying, setApplying] = useState(false);
  const [name, setName] = useState('');
  const [processing, setProcessing] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardRef = useRef<CardHandle | null>(null);

  const subtotal = subtotalCents(pkg.prices, platforms);
  const total = discountedCents(subtotal, applied?.percent ?? 0);
  const busy = processing || done;

  const toggle = (p: Platform) => setPlatforms((cur) => (cur.includes(p) ? cur.filter((x) => x !== p) : activePlatforms.filter((x) => x === p || cur.includes(x))));

  const apply = async () => {
    const kod = code.trim().toUpperCase();
    if (!kod) return toast.error(t('discountEmpty'));
    setApplying(true);
    try {
      const q = await paymentApi.quote(locale, { packageId: pkg.id, platformIds: platforms.length ? platforms : activePlatforms.slice(0, 1), discountCode: kod });
      setApplied({ kod, percent: q.indirim_yuzdesi });
      setCode(kod);
      toast.success(t('discountApplied', { percent: q.indirim_yuzdesi }));
    } catch (err) {
      toast.error(err instanceof PaymentError && err.mesaj ? err.mesaj : t('discountError'));
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setApplied(null);
    setCode('');
    toast.info(t('discountRemoved'));
  };

  const pay = async () => {
    setError(null);
    if (platforms.length === 0) return setError(tPay('platformRequired'));
    // Every card input shows its own message (the first wrong one gets the focus), the name too.
    const card = cardRef.current;
    const cardOk = card?.check() ?? false;
    if (!name.trim()) return setError(tPay('nameRequired'));
    if (!card) return setError(tc('incomplete')); // the card form is still loading
    if (!cardOk) return;
    setProcessing(true);
    try {
      const body = { packageId: pkg.id, platformIds: platforms, discountCode: applied?.kod ?? null, cardholderName: name.trim(), amount: total };
      const created = await paymentApi.createIntent(locale, body);
      if (!cardRef.current) throw new PaymentError('CARD_MISSING', '', 0);
      await cardRef.current.pay({ paymentIntentId: created.paymentIntentId, clientSecret: created.clientSecret, cardholderName: name.trim() });
      const confirmed = await paymentApi.confirm(locale, { paymentIntentId: created.paymentIntentId, packageId: pkg.id, platformIds: platforms, cardholderName: name.trim(), amount: created.amount });
      toast.success(confirmed.mesaj);
      setDone(true);
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch (err) {
      setProcessing(false);
      // An error about one card input (an incomplete CVC, an expiry in the past) is shown under it.
      if (cardRef.current?.showError(err)) return;
      const text = errorText(err);
      setError(text);
      toast.error(text);
    }
  };

  return (
    <section ref={sectionRef} aria-labelledby={`${id}-title`} className={cardVariants('scroll-mt-4 p-4')} data-payment-view={pkg.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          {t('paymentTitle', { name: pkg.name })}
        </h3>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('back')}
        </Button>
      </div>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void pay();
        }}
      >
        <fieldset disabled={busy}>
          <legend className="text-sm font-medium">{t('platformsLegend')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {activePlatforms.map((p) => (
              <label key={p} className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                <input type="checkbox" checked={platforms.includes(p)} onChange={() => toggle(p)} className="h-4 w-4 accent-brand" />
                <span>{tp(p)}</span>
                <span className="font-semibold">{formatUsd(pkg.prices[p]!, locale)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${id}-code`} className="block text-sm font-medium">
            {t('discountLabel')}
          </label>
          <div className="mt-1 flex gap-2">
            <Input
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              readOnly={!!applied}
              disabled={busy}
              aria-describedby={applied ? `${id}-code-applied` : undefined}
              className="uppercase read-only:bg-surface"
            />
            {applied ? (
              <Button variant="secondary" onClick={remove} disabled={busy}>
                {t('discountRemove')}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void apply()} disabled={busy || applying} loading={applying}>
                {t('discountApply')}
              </Button>
            )}
          </div>
          {applied ? (
            <p id={`${id}-code-applied`} className="mt-1 text-sm text-success">
              {t('discountApplied', { percent: applied.percent })}
            </p>
          ) : null}
        </div>

        {running.some((r) => platforms.includes(r.platform)) ? (
          <ul className="space-y-1 rounded-md border border-brand/30 bg-brand-soft p-3 text-sm" aria-live="polite" data-extends-notice>
            {running
              .filter((r) => platforms.includes(r.platform))
              .map((r) => (
                <li key={r.platform} className="flex items-start gap-2">
                  <CalendarPlus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                  {t('extendsNotice', {
                    platform: tp(r.platform),
                    end: format.dateTime(new Date(r.endsAt), { dateStyle: 'medium' }),
                    newEnd: format.dateTime(new Date(r.extendsTo), { dateStyle: 'medium' }),
                  })}
                </li>
              ))}
          </ul>
        ) : null}

        <dl className="space-y-1 rounded-md bg-surface p-3 text-sm" aria-live="polite">
          <div className="flex justify-between">
            <dt>{t('subtotal')}</dt>
            <dd>{formatUsd(subtotal, locale)}</dd>
          </div>
          {applied ? (
            <div className="flex justify-between text-success">
              <dt>{t('discount', { percent: applied.percent })}</dt>
              <dd>−{formatUsd(subtotal - total, locale)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-base font-semibold">
            <dt>{t('total')}</dt>
            <dd data-testid="package-total">{formatUsd(total, locale)}</dd>
          </div>
        </dl>

        <CardholderField id={`${id}-holder`} value={name} onChange={setName} disabled={busy} />
        <CardFields config={config} handleRef={cardRef} disabled={busy} />

        {error ? (
          <p role="alert" className="rounded-md border border-danger px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={busy || platforms.length === 0} loading={processing} className="w-full sm:w-auto">
          {processing ? null : <Lock aria-hidden="true" className="size-4" />}
          {processing ? tPay('addBalance.processing') : tPay('addBalance.pay', { amount: formatUsd(total, locale) })}
        </Button>
      </form>
    </section>
  );
}
