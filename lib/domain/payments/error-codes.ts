import type { ErrorCode } from '@/lib/infra/errors';

/**
 * §8: card and payment error codes (Stripe's `code` and `decline_code`, from the server or from
 * Stripe.js in the browser) → our error code, whose text is `Errors.<CODE>` in messages. Pure:
 * the browser maps Stripe.js errors with it, the server maps settled intents.
 */
const CARD_CODES: Record<string, ErrorCode> = {
  // A field that is incomplete, or a date in the past, has its own message (issue #32 item 8).
  invalid_number: 'CARD_INVALID_NUMBER',
  incomplete_number: 'CARD_INCOMPLETE_NUMBER',
  invalid_expiry_month: 'CARD_INVALID_EXPIRY_MONTH',
  invalid_expiry_month_past: 'CARD_EXPIRY_PAST',
  invalid_expiry_year: 'CARD_INVALID_EXPIRY_YEAR',
  invalid_expiry_year_past: 'CARD_EXPIRY_PAST',
  incomplete_expiry: 'CARD_INCOMPLETE_EXPIRY',
  invalid_cvc: 'CARD_INVALID_CVC',
  incomplete_cvc: 'CARD_INCOMPLETE_CVC',
  expired_card: 'CARD_EXPIRED',
  incorrect_number: 'CARD_INCORRECT_NUMBER',
  incorrect_cvc: 'CARD_INCORRECT_CVC',
  incorrect_zip: 'CARD_INCORRECT_ZIP',
  card_declined: 'CARD_DECLINED',
  missing: 'CARD_MISSING',
  processing_error: 'CARD_PROCESSING_ERROR',
  rate_limit: 'CARD_RATE_LIMIT',
  invalid_request: 'CARD_INVALID_REQUEST',
  invalid_request_error: 'CARD_INVALID_REQUEST',
  authentication_required: 'CARD_AUTHENTICATION_REQUIRED',
  payment_intent_authentication_failure: 'CARD_AUTHENTICATION_REQUIRED',
  // Payment-level codes (§8 "mentioning payment").
  payment_failed: 'PAYMENT_FAILED',
  payment_intent_payment_attempt_failed: 'PAYMENT_FAILED',
  payment_cancelled: 'PAYMENT_CANCELLED',
  payment_intent_unexpected_state: 'PAYMENT_FAILED',
  insufficient_funds: 'PAYMENT_INSUFFICIENT_FUNDS',
  card_not_supported: 'PAYMENT_CARD_NOT_SUPPORTED',
  currency_not_supported: 'PAYMENT_CURRENCY_NOT_SUPPORTED',
  declined: 'PAYMENT_DECLINED',
};

/** Decline codes that say more than "declined". */
const DECLINE_CODES: Record<string, ErrorCode> = {
  insufficient_funds: 'PAYMENT_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'CARD_INCORRECT_CVC',
  processing_error: 'CARD_PROCESSING_ERROR',
  card_not_supported: 'PAYMENT_CARD_NOT_SUPPORTED',
  currency_not_supported: 'PAYMENT_CURRENCY_NOT_SUPPORTED',
};

export const GENERIC_PAYMENT_ERROR: ErrorCode = 'PAYMENT_GENERIC_ERROR';

/**
 * The card form's input that an error code is about, or null for an error of the whole payment
 * (a decline, a failed 3-D Secure): a form shows the first kind under that input.
 */
const CARD_FIELD_OF: Partial<Record<ErrorCode, 'number' | 'expiry' | 'cvc'>> = {
  CARD_INCOMPLETE_NUMBER: 'number',
  CARD_INVALID_NUMBER: 'number',
  CARD_INCORRECT_NUMBER: 'number',
  CARD_INCOMPLETE_EXPIRY: 'expiry',
  CARD_INVALID_EXPIRY_MONTH: 'expiry',
  CARD_INVALID_EXPIRY_YEAR: 'expiry',
  CARD_EXPIRY_PAST: 'expiry',
  CARD_INCOMPLETE_CVC: 'cvc',
  CARD_INVALID_CVC: 'cvc',
};

export function cardErrorField(code: string | null | undefined): 'number' | 'expiry' | 'cvc' | null {
  return (code && CARD_FIELD_OF[code as ErrorCode]) || null;
}

export function paymentErrorCode(code?: string | null, declineCode?: string | null): ErrorCode {
  if (declineCode && DECLINE_CODES[declineCode]) return DECLINE_CODES[declineCode];
  if (code && CARD_CODES[code]) return CARD_CODES[code];
  return GENERIC_PAYMENT_ERROR;
}

/** Every code this module can give, so messages can be checked for all of them. */
export const PAYMENT_ERROR_CODES = [...new Set([...Object.values(CARD_CODES), ...Object.values(DECLINE_CODES), GENERIC_PAYMENT_ERROR])];
