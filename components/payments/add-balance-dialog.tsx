'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TOPUP_AMOUNTS_CENTS, formatUsd } from '@/lib/domain/payments/amounts';
import { CardFields, CardholderField, type CardHandle } from './card-fields';
import { PaymentError, paymentApi, type PaymentConfig } from './payment-api';
import { usePaymentConfig } from './use-payment-config';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type AddBalanceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the top-up is credited, with the new balance in cents. */
  onSuccess?: (newBalanceCents: number) => void;
  /** The card form to use; asked from GET /api/payment/config when not given. */
  config?: PaymentConfig;
};

const CLOSE_AFTER_MS = 2000;

/** The localized text of a payment failure: the server's `mesaj`, else our message for its code. */
export function usePaymentErrorText() {
  const te = useTranslations('Errors');
  return useCallback(
    (err: unknown) => {
      if (err instanceof PaymentError) return err.mesaj || (te.has(err.code) ? te(err.code) : te('PAYMENT_GENERIC_ERROR'));
      return te('PAYMENT_GENERIC_ERROR');
    },
    [te],
  );
}

/**
 * The add-balance modal (§4, §5): choose $10/$25/$50/$100, then the card fields and the
 * cardholder name appear; pay is disabled with no amount or while processing; success shows a
 * toast and closes the modal after 2 s; cancel resets amount, card state and name.
 * Usage: <AddBalanceDialog open={open} onOpenChange={setOpen} onSuccess={(cents) => …} />
 */
export function AddBalanceDialog({ open, onOpenChange, onSuccess, config: given }: AddBalanceDialogProps) {
  const t = useTranslations('Payments.addBalance');
  const tc = useTranslations('Payments.card');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const config = usePaymentConfig(locale, given);
  const errorText = usePaymentErrorText();
  const id = useId();
  const [amount, setAmount] = useState(0);
  const [name, setName] = useState('');
  const [processing, setProcessing] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cardRef = useRef<CardHandle | null>(null);
  const intentRef = useRef<{ id: string; clientSecret: string; amount: number } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reset = useCallback(() => {
    setAmount(0);
    setName('');
    setProcessing(false);
    setDone(false);
    setError(null);
    intentRef.current = null;
  }, []);

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  const change = (next: boolean) => {
    if (!next && processing) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const pay = async () => {
    setError(null);
    // Every card input shows its own message (the first wrong one gets the focus), the name too.
    const card = cardRef.current;
    const cardOk = card?.check() ?? false;
    if (!name.trim()) return setError(t('nameRequired'));
    if (!card) return setError(tc('incomplete')); // the card form is still loading
    if (!cardOk) return;
    setProcessing(true);
    try {
      if (!intentRef.current || intentRef.current.amount !== amount) {
        const created = await paymentApi.createIntent(locale, { amount, type: 'balance', cardholderName: name.trim() });
        intentRef.current = { id: created.paymentIntentId, clientSecret: created.clientSecret, amount };
      }
      const intent = intentRef.current;
      if (!cardRef.current) throw new PaymentError('CARD_MISSING', '', 0);
      await cardRef.current.pay({ paymentIntentId: intent.id, clientSecret: intent.clientSecret, cardholderName: name.trim() });
      const confirmed = await paymentApi.confirm(locale, { paymentIntentId: intent.id, amount, type: 'balance', cardholderName: name.trim() });
      toast.success(confirmed.mesaj);
      setDone(true);
      onSuccess?.(confirmed.bakiye_cents);
      closeTimer.current = setTimeout(() => {
        reset();
        onOpenChange(false);
      }, CLOSE_AFTER_MS);
    } catch (err) {
      // A paid intent cannot be reused; anything else may be retried with another card.
      if (err instanceof PaymentError && err.status === 409) intentRef.current = null;
      setProcessing(false);
      // An error about one card input (an incomplete CVC, an expiry in the past) is shown under it.
      if (cardRef.current?.showError(err)) return;
      const text = errorText(err);
      setError(text);
      toast.error(text);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={t('title')} description={t('description')} closeLabel={tCommon('close')}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <fieldset disabled={processing || done}>
            <legend className="text-sm font-medium">{t('amountLegend')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {TOPUP_AMOUNTS_CENTS.map((cents) => (
                <label key={cents} className="relative">
                  <input
                    type="radio"
                    name={`${id}-amount`}
                    value={cents}
                    checked={amount === cents}
                    onChange={() => setAmount(cents)}
                    className="peer sr-only"
                  />
                  <span className="flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-line px-3 text-center font-semibold peer-checked:border-brand peer-checked:bg-brand-soft peer-focus-visible:outline-3 peer-focus-visible:outline-brand">
                    {formatUsd(cents, locale)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {amount > 0 && config ? (
            <div className="space-y-3">
              <CardholderField id={`${id}-holder`} value={name} onChange={setName} disabled={processing || done} />
              <CardFields config={config} handleRef={cardRef} disabled={processing || done} />
            </div>
          ) : null}

          {error ? (
            <p role="alert" className="rounded-md border border-danger px-3 py-2 text-sm text-danger">
              {error}
            </p>
          ) : null}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => change(false)} disabled={processing}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={amount === 0 || processing || done} loading={processing}>
              {processing ? null : <Lock aria-hidden="true" className="size-4" />}
              {processing ? t('processing') : amount ? t('pay', { amount: formatUsd(amount, locale) }) : t('payNoAmount')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
