import type { ErrorCode } from '@/lib/errors';

/**
 * §8: card and payment error codes (Stripe's `code` and `decline_code`, from the server or from
 * Stripe.js in the browser) → our error code, whose text is `Errors.<CODE>` in messages. Pure:
 * the browser maps Stripe.js errors with it, the server maps settled intents.
 */
const CARD_CODES: Record<string, ErrorCode> = {
  invalid_number: 'CARD_INVALID_NUMBER',
  incomplete_number: 'CARD_INVALID_NUMBER',
  invalid_expiry_month: 'CARD_INVALID_EXPIRY_MONTH',
  invalid_expiry_month_past: 'CARD_INVALID_EXPIRY_MONTH',
  invalid_expiry_year: 'CARD_INVALID_EXPIRY_YEAR',
  invalid_expiry_year_past: 'CARD_INVALID_EXPIRY_YEAR',
  incomplete_expiry: 'CARD_INVALID_EXPIRY_MONTH',
  invalid_cvc: 'CARD_INVALID_CVC',
  incomplete_cvc: 'CARD_INVALID_CVC',
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

export function paymentErrorCode(code?: string | null, declineCode?: string | null): ErrorCode {
  if (declineCode && DECLINE_CODES[declineCode]) return DECLINE_CODES[declineCode];
  if (code && CARD_CODES[code]) return CARD_CODES[code];
  return GENERIC_PAYMENT_ERROR;
}

/** Every code this module can give, so messages can be checked for all of them. */
export const PAYMENT_ERROR_CODES = [...new Set([...Object.values(CARD_CODES), ...Object.values(DECLINE_CODES), GENERIC_PAYMENT_ERROR])];
