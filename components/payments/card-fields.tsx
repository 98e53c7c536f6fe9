'use client';

import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslations, useLocale } from 'next-intl';
// The /pure entry loads Stripe.js only when loadStripe() is called (with keys set), never on import:
// pages that merely include the card form (and the keyless test mode) make no third-party request.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe as StripeJs } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { cardInputError, digitsOnly, parseExpiry } from '@/lib/payments/test-cards';
import { paymentErrorCode } from '@/lib/payments/error-codes';
import { PaymentError, paymentApi, type PaymentConfig } from './payment-api';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils/cn';

/** Confirms the card for an intent, the way the active processor does it; throws PaymentError. */
export type CardPayer = (args: { paymentIntentId: string; clientSecret: string; cardholderName: string }) => Promise<void>;

type Props = {
  config: PaymentConfig;
  /** Whether the card fields are complete and valid (§5 'card incomplete'). */
  onCompleteChange: (complete: boolean) => void;
  payerRef: RefObject<CardPayer | null>;
  disabled?: boolean;
};

const inputClass = cn(inputClasses, 'mt-1');

/** The cardholder's name, asked by both payment flows next to the card. */
export function CardholderField({ id, value, onChange, disabled }: { id: string; value: string; onChange: (value: string) => void; disabled: boolean }) {
  const t = useTranslations('Payments.card');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {t('holder')}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="cc-name"
        disabled={disabled}
        className={inputClass}
      />
    </div>
  );
}

/** The card entry: Stripe Elements with Stripe keys, else the test mode's own fields. */
export function CardFields(props: Props) {
  return props.config.provider === 'stripe' && props.config.publishableKey ? (
    <StripeCardFields {...props} publishableKey={props.config.publishableKey} />
  ) : (
    <TestCardFields {...props} />
  );
}

function formatNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function TestCardFields({ onCompleteChange, payerRef, disabled }: Props) {
  const t = useTranslations('Payments.card');
  const te = useTranslations('Errors');
  const locale = useLocale();
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [challenge, setChallenge] = useState<((approve: boolean) => void) | null>(null);
  const approveRef = useRef<HTMLButtonElement>(null);

  const parsed = parseExpiry(expiry);
  const errorCode = cardInputError({ cardNumber: number, expMonth: parsed?.expMonth ?? 0, expYear: parsed?.expYear ?? 0, cvc });
  const fieldOf = (code: string | null) =>
    !code ? null : code.includes('number') || code === 'missing' ? 'number' : code.includes('expiry') ? 'expiry' : 'cvc';
  const errorField = fieldOf(errorCode);
  const complete = errorCode === null;

  useEffect(() => onCompleteChange(complete), [complete, onCompleteChange]);
  useEffect(() => {
    if (challenge) approveRef.current?.focus();
  }, [challenge]);

  useEffect(() => {
    payerRef.current = async ({ paymentIntentId }) => {
      const exp = parseExpiry(expiry);
      const result = await paymentApi.testCard(locale, {
        paymentIntentId,
        cardNumber: digitsOnly(number),
        expMonth: exp?.expMonth ?? 0,
        expYear: exp?.expYear ?? 0,
        cvc,
      });
      if (result.status !== 'requires_action') return;
      // 3-D Secure: the bank's approve/decline step, answered by the customer.
      const approve = await new Promise<boolean>((resolve) => setChallenge(() => resolve));
      setChallenge(null);
      await paymentApi.testCardAuthenticate(locale, { paymentIntentId, approve });
    };
    return () => {
      payerRef.current = null;
    };
  }, [payerRef, locale, number, expiry, cvc]);

  const shownError = (field: string) => (touched[field] && errorField === field && errorCode ? te(paymentErrorCode(errorCode)) : null);
  const field = (name: 'number' | 'expiry' | 'cvc', label: string, value: string, onChange: (v: string) => void, extra: Record<string, string>) => {
    const err = shownError(name);
    return (
      <div className={name === 'number' ? 'col-span-2' : ''}>
        <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          className={inputClass}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-${name}-error` : undefined}
          inputMode="numeric"
          {...extra}
        />
        {err ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
            {err}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className="space-y-3">
      <p className="rounded-md bg-brand-soft px-3 py-2 text-sm text-ink">{t('testModeNote')}</p>
      <div className="grid grid-cols-2 gap-3">
        {field('number', t('number'), number, (v) => setNumber(formatNumber(v)), { autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
        {field('expiry', t('expiry'), expiry, (v) => setExpiry(formatExpiry(v)), { autoComplete: 'cc-exp', placeholder: '12/34' })}
        {field('cvc', t('cvc'), cvc, (v) => setCvc(v.replace(/\D/g, '').slice(0, 4)), { autoComplete: 'cc-csc', placeholder: '123' })}
      </div>
      {challenge ? (
        <div role="group" aria-labelledby={`${id}-3ds`} className="rounded-md border border-warning p-3">
          <h3 id={`${id}-3ds`} className="font-semibold">
            {t('threeDsTitle')}
          </h3>
          <p className="mt-1 text-sm">{t('threeDsText')}</p>
          <div className="mt-3 flex gap-2">
            <Button ref={approveRef} className="bg-success text-on-fill hover:bg-success/90" onClick={() => challenge(true)}>
              {t('threeDsApprove')}
            </Button>
            <Button variant="secondary" className="border-danger text-danger hover:bg-danger/10" onClick={() => challenge(false)}>
              {t('threeDsDecline')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const stripePromises = new Map<string, Promise<StripeJs | null>>();
function stripeFor(key: string): Promise<StripeJs | null> {
  let p = stripePromises.get(key);
  if (!p) {
    p = loadStripe(key);
    stripePromises.set(key, p);
  }
  return p;
}

function StripeCardFields(props: Props & { publishableKey: string }) {
  const stripePromise = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  const locale = useLocale();
  return (
    <Elements stripe={stripePromise} options={{ locale: locale as 'tr' | 'en' | 'de' }}>
      <StripeCardInner {...props} />
    </Elements>
  );
}

function StripeCardInner({ onCompleteChange, payerRef, disabled }: Props) {
  const t = useTranslations('Payments.card');
  const te = useTranslations('Errors');
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    payerRef.current = async ({ clientSecret, cardholderName }) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new PaymentError('CARD_MISSING', '', 0);
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name: cardholderName } } });
      if (result.error) throw new PaymentError(paymentErrorCode(result.error.code, result.error.decline_code), '', 402);
    };
    return () => {
      payerRef.current = null;
    };
  }, [payerRef, stripe, elements]);

  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-medium">
        {t('stripeCard')}
      </span>
      <div role="group" aria-labelledby={`${id}-label`} className="mt-1 rounded-md border border-line bg-card px-3 py-3">
        <CardElement
          options={{ hidePostalCode: true, disabled }}
          onChange={(e) => {
            onCompleteChange(e.complete);
            setError(e.error ? te(paymentErrorCode(e.error.code)) : null);
          }}
        />
      </div>
      {error ? <p className="mt-1 text-sm text-danger">{error}</p> : null}
    </div>
  );
}
