'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslations, useLocale } from 'next-intl';
// The /pure entry loads Stripe.js only when loadStripe() is called (with keys set), never on import:
// pages that merely include the card form (and the keyless test mode) make no third-party request.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe as StripeJs, StripeElementChangeEvent } from '@stripe/stripe-js';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { cvcLength, digitsOnly, parseExpiry } from '@/lib/domain/payments/test-cards';
import { paymentErrorCode } from '@/lib/domain/payments/error-codes';
import { PaymentError, paymentApi, type PaymentConfig } from './payment-api';
import { cardErrorOf, firstCardError, stripeFieldError, testCardFieldErrors, CARD_FIELDS, type CardField, type CardFieldErrors, type StripeFieldState } from './card-errors';
import { Button } from '@/components/ui/button';
import { ErrorMessage, errorId } from '@/components/ui/form-field';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/infra/utils/cn';

/** Confirms the card for an intent, the way the active processor does it; throws PaymentError. */
export type CardPayer = (args: { paymentIntentId: string; clientSecret: string; cardholderName: string }) => Promise<void>;

/** What a payment form asks of the card fields. */
export type CardHandle = {
  pay: CardPayer;
  /**
   * Before paying: shows every card input's message under it and moves the focus to the first
   * wrong input; true when the card can be sent.
   */
  check: () => boolean;
  /**
   * After a refused payment: a code about one input (an incomplete CVC, an expiry in the past) is
   * shown under that input, which gets the focus, and true is returned; false leaves the error to
   * the form (a decline, a failed 3-D Secure).
   */
  showError: (err: unknown) => boolean;
};

type Props = {
  config: PaymentConfig;
  handleRef: RefObject<CardHandle | null>;
  disabled?: boolean;
};

const inputClass = cn(inputClasses, 'mt-1');
const labelClass = 'block self-end text-sm font-medium';

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

/**
 * One card input with its label directly above it and its message under it. It spans three rows
 * of its grid and shares them (subgrid): in the expiry/CVC row a label that wraps in one language
 * keeps both inputs on one line, at the same height. A Stripe Element is an iframe, which a
 * <label> cannot name: its label is a text that names the group around it.
 */
function CardSlot({ id, label, error, iframe, className, children }: { id: string; label: string; error: string | null; iframe?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={cn('row-span-3 grid grid-rows-subgrid', className)}>
      {iframe ? (
        <span id={`${id}-label`} className={labelClass}>
          {label}
        </span>
      ) : (
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      )}
      {children}
      <ErrorMessage id={errorId(id)}>{error}</ErrorMessage>
    </div>
  );
}

/** The number on its own row, expiry and CVC side by side below it (they fit at 390 px in every language). */
function CardGrid({ number, expiry, cvc }: { number: ReactNode; expiry: ReactNode; cvc: ReactNode }) {
  return (
    <div className="space-y-3">
      <div className="grid grid-rows-[auto_auto_auto] gap-y-1">{number}</div>
      <div className="grid grid-cols-2 grid-rows-[auto_auto_auto] gap-x-3 gap-y-1">
        {expiry}
        {cvc}
      </div>
    </div>
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

/**
 * A refusal that names one card input (the test-card route's or Stripe's code) goes under that
 * input and takes the focus; anything else is the form's to show (false).
 */
function showFieldError(err: unknown, setServerErrors: (update: (s: CardFieldErrors) => CardFieldErrors) => void, requestFocus: (field: CardField) => void): boolean {
  const found = err instanceof PaymentError ? cardErrorOf(err.code) : null;
  if (!found) return false;
  setServerErrors((s) => ({ ...s, [found.field]: found.code }));
  requestFocus(found.field);
  return true;
}

/**
 * Moves the focus to a card input after the render that shows its message and enables the inputs
 * again (they are disabled while a payment runs); `request(null)` cancels.
 */
function usePendingFocus(focus: (field: CardField) => void, disabled: boolean | undefined) {
  const pending = useRef<CardField | null>(null);
  // A new value each time, so the render (and the effect after it) happens even when nothing else changes.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!pending.current || disabled) return;
    focus(pending.current);
    pending.current = null;
  });
  return useCallback((field: CardField | null) => {
    pending.current = field;
    setTick((n) => n + 1);
  }, []);
}

const without = (errors: CardFieldErrors, field: CardField): CardFieldErrors => {
  const next = { ...errors };
  delete next[field];
  return next;
};

function TestCardFields({ handleRef, disabled }: Props) {
  const t = useTranslations('Payments.card');
  const te = useTranslations('Errors');
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState<Record<CardField, string>>({ number: '', expiry: '', cvc: '' });
  // A field's own message shows once it has been left, or once the customer tries to pay.
  const [shown, setShown] = useState<Partial<Record<CardField, boolean>>>({});
  // The test-card route's answer about one field, until that field is changed.
  const [serverErrors, setServerErrors] = useState<CardFieldErrors>({});
  const [challenge, setChallenge] = useState<((approve: boolean) => void) | null>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const requestFocus = usePendingFocus((field) => inputs.current[field]?.focus(), disabled);

  const errors = testCardFieldErrors(values);
  const errorOf = (field: CardField) => serverErrors[field] ?? (shown[field] ? errors[field] : undefined);

  useEffect(() => {
    if (challenge) approveRef.current?.focus();
  }, [challenge]);

  useEffect(() => {
    handleRef.current = {
      pay: async ({ paymentIntentId }) => {
        const exp = parseExpiry(values.expiry);
        const result = await paymentApi.testCard(locale, {
          paymentIntentId,
          cardNumber: digitsOnly(values.number),
          expMonth: exp?.expMonth ?? 0,
          expYear: exp?.expYear ?? 0,
          cvc: values.cvc,
        });
        if (result.status !== 'requires_action') return;
        // 3-D Secure: the bank's approve/decline step, answered by the customer.
        const approve = await new Promise<boolean>((resolve) => setChallenge(() => resolve));
        setChallenge(null);
        await paymentApi.testCardAuthenticate(locale, { paymentIntentId, approve });
      },
      check: () => {
        setShown({ number: true, expiry: true, cvc: true });
        const first = firstCardError({ ...testCardFieldErrors(values), ...serverErrors });
        requestFocus(first ?? null);
        return !first;
      },
      showError: (err) => showFieldError(err, setServerErrors, requestFocus),
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, locale, values, serverErrors, requestFocus]);

  const change = (field: CardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((s) => without(s, field));
  };

  const input = (field: CardField, value: (v: string) => string, extra: { autoComplete: string; placeholder: string }) => {
    const code = errorOf(field);
    const inputId = `${id}-${field}`;
    return (
      <CardSlot id={inputId} label={t(field)} error={code ? te(code) : null}>
        <input
          ref={(el) => {
            inputs.current[field] = el;
          }}
          id={inputId}
          className={inputClasses}
          value={values[field]}
          disabled={disabled}
          onChange={(e) => change(field, value(e.target.value))}
          onBlur={() => setShown((s) => ({ ...s, [field]: true }))}
          aria-invalid={code ? true : undefined}
          aria-describedby={code ? errorId(inputId) : undefined}
          inputMode="numeric"
          {...extra}
        />
      </CardSlot>
    );
  };

  return (
    <div className="space-y-3">
      <p className="rounded-md bg-brand-soft px-3 py-2 text-sm text-ink">{t('testModeNote')}</p>
      <CardGrid
        number={input('number', formatNumber, { autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' })}
        expiry={input('expiry', formatExpiry, { autoComplete: 'cc-exp', placeholder: '12/34' })}
        cvc={input('cvc', (v) => v.replace(/\D/g, '').slice(0, 4), { autoComplete: 'cc-csc', placeholder: cvcLength(values.number) === 4 ? '1234' : '123' })}
      />
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

const STRIPE_ELEMENTS = { number: CardNumberElement, expiry: CardExpiryElement, cvc: CardCvcElement } as const;
// 16 px like every input here (iOS does not zoom); the box around the iframe is the input's.
const STRIPE_STYLE = { base: { fontSize: '16px' } };

/**
 * Stripe Elements as three inputs (number, expiry, CVC) in the same layout as the test mode's
 * fields, each with Stripe's error for it underneath (issue #32 item 8).
 */
function StripeCardInner({ handleRef, disabled }: Props) {
  const t = useTranslations('Payments.card');
  const te = useTranslations('Errors');
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [states, setStates] = useState<Partial<Record<CardField, StripeFieldState>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<CardFieldErrors>({});
  const [focused, setFocused] = useState<CardField | null>(null);
  const requestFocus = usePendingFocus((field) => elements?.getElement(STRIPE_ELEMENTS[field])?.focus(), disabled);

  const errorOf = (field: CardField) => serverErrors[field] ?? stripeFieldError(field, states[field], submitted);

  useEffect(() => {
    handleRef.current = {
      pay: async ({ clientSecret, cardholderName }) => {
        // The number element stands for all three: Stripe.js collects the expiry and CVC with it.
        const card = elements?.getElement(CardNumberElement);
        if (!stripe || !card) throw new PaymentError('CARD_MISSING', '', 0);
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name: cardholderName } } });
        if (result.error) throw new PaymentError(paymentErrorCode(result.error.code, result.error.decline_code), '', 402);
      },
      check: () => {
        setSubmitted(true);
        const errors: CardFieldErrors = {};
        for (const field of CARD_FIELDS) {
          const code = serverErrors[field] ?? stripeFieldError(field, states[field], true);
          if (code) errors[field] = code;
        }
        const first = firstCardError(errors);
        requestFocus(first ?? null);
        return !first;
      },
      showError: (err) => showFieldError(err, setServerErrors, requestFocus),
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, stripe, elements, states, serverErrors, requestFocus]);

  const onChange = (field: CardField) => (e: StripeElementChangeEvent) => {
    setStates((s) => ({ ...s, [field]: { empty: e.empty, complete: e.complete, errorCode: e.error?.code ?? null } }));
    setServerErrors((s) => without(s, field));
  };

  const element = (field: CardField) => {
    const code = errorOf(field);
    const slotId = `${id}-${field}`;
    const Element = STRIPE_ELEMENTS[field];
    return (
      <CardSlot id={slotId} label={t(field)} error={code ? te(code) : null} iframe>
        <div
          role="group"
          aria-labelledby={`${slotId}-label`}
          aria-describedby={code ? errorId(slotId) : undefined}
          className={cn(inputClasses, 'flex flex-col justify-center', focused === field && 'border-brand', code && 'border-danger', disabled && 'opacity-60')}
        >
          <Element
            id={slotId}
            options={{ disabled, style: STRIPE_STYLE }}
            onChange={onChange(field)}
            onFocus={() => setFocused(field)}
            onBlur={() => setFocused((f) => (f === field ? null : f))}
          />
        </div>
      </CardSlot>
    );
  };

  return <CardGrid number={element('number')} expiry={element('expiry')} cvc={element('cvc')} />;
}
