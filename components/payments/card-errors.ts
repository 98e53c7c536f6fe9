import type { ErrorCode } from '@/lib/infra/errors';
import { cardErrorField, paymentErrorCode } from '@/lib/domain/payments/error-codes';
import { cardCvcError, cardExpiryError, cardNumberError, parseExpiry, type CardField } from '@/lib/domain/payments/test-cards';

/**
 * Which card input is wrong and why (issue #32 item 8): each of number, expiry and CVC gets its own
 * message under it, in the test mode's own fields and with Stripe Elements alike. Pure (no React,
 * no DOM) so it is unit-tested in node; the texts are `Errors.<CODE>` in messages.
 */
export type { CardField };
export type CardFieldErrors = Partial<Record<CardField, ErrorCode>>;

/** The inputs in the order they are on the screen (the focus goes to the first wrong one). */
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc'];

const INCOMPLETE: Record<CardField, ErrorCode> = { number: 'CARD_INCOMPLETE_NUMBER', expiry: 'CARD_INCOMPLETE_EXPIRY', cvc: 'CARD_INCOMPLETE_CVC' };
const INVALID: Record<CardField, ErrorCode> = { number: 'CARD_INVALID_NUMBER', expiry: 'CARD_INVALID_EXPIRY_MONTH', cvc: 'CARD_INVALID_CVC' };

/**
 * The test mode's fields as typed ("4242 4242 …", "MM/YY", "123"): every field's problem at once,
 * by the rules the server applies (lib/domain/payments/test-cards.ts). An expiry that is not a whole
 * MM/YY yet is incomplete; the CVC's length follows the number's brand (4 digits for Amex).
 */
export function testCardFieldErrors(values: { number: string; expiry: string; cvc: string }, now = new Date()): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const number = cardNumberError(values.number);
  if (number) errors.number = paymentErrorCode(number);
  const parsed = parseExpiry(values.expiry);
  const expiry = parsed ? cardExpiryError(parsed.expMonth, parsed.expYear, now) : 'incomplete_expiry';
  if (expiry) errors.expiry = paymentErrorCode(expiry);
  const cvc = cardCvcError(values.cvc, values.number);
  if (cvc) errors.cvc = paymentErrorCode(cvc);
  return errors;
}

/** What a Stripe Element last reported in its change event. */
export type StripeFieldState = { empty: boolean; complete: boolean; errorCode?: string | null };

/**
 * A Stripe Element's message: its own error while typing (incomplete_number,
 * invalid_expiry_year_past, incomplete_cvc, …, mapped to our codes), and once the customer tries
 * to pay, `incomplete` for a field that is empty or unfinished (Stripe reports no error for those
 * until then). A code that belongs to another field or to no field becomes this field's "invalid".
 */
export function stripeFieldError(field: CardField, state: StripeFieldState | undefined, submitted: boolean): ErrorCode | null {
  if (state?.errorCode) {
    const code = paymentErrorCode(state.errorCode);
    return cardErrorField(code) === field ? code : INVALID[field];
  }
  if (submitted && !state?.complete) return INCOMPLETE[field];
  return null;
}

/** The first input, in screen order, that has a message. */
export function firstCardError(errors: CardFieldErrors): CardField | undefined {
  return CARD_FIELDS.find((field) => errors[field]);
}

/**
 * Where a refused payment's code belongs: under a card input (the test-card route's
 * CARD_INCOMPLETE_CVC, Stripe's confirmCardPayment `incomplete_number`, …) or, with null, to the
 * whole form (a decline, a failed 3-D Secure, a network error).
 */
export function cardErrorOf(code: string | null | undefined): { field: CardField; code: ErrorCode } | null {
  const field = cardErrorField(code);
  return field ? { field, code: code as ErrorCode } : null;
}
