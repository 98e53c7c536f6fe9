/**
 * The card rules of the keyless test mode, pure and shared by the browser (the card form checks
 * the same things Stripe.js checks while typing) and the server (which settles the intent the way
 * Stripe's test mode would). Card numbers and outcomes are Stripe's documented test cards.
 */

export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; code: string; declineCode?: string }
  | { kind: 'requires_authentication' };

/** Stripe's test cards (docs.stripe.com/testing). Any other valid number is declined, as Stripe declines live cards in test mode. */
export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '5555555555554444': { kind: 'succeeds' },
  '378282246310005': { kind: 'succeeds' },
  '4000000000000002': { kind: 'declined', code: 'card_declined', declineCode: 'generic_decline' },
  '4000000000009995': { kind: 'declined', code: 'card_declined', declineCode: 'insufficient_funds' },
  '4000000000009987': { kind: 'declined', code: 'card_declined', declineCode: 'lost_card' },
  '4000000000009979': { kind: 'declined', code: 'card_declined', declineCode: 'stolen_card' },
  '4000000000000069': { kind: 'declined', code: 'expired_card', declineCode: 'expired_card' },
  '4000000000000127': { kind: 'declined', code: 'incorrect_cvc', declineCode: 'incorrect_cvc' },
  '4000000000000119': { kind: 'declined', code: 'processing_error', declineCode: 'processing_error' },
  '4000002500003155': { kind: 'requires_authentication' },
};

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isAmex(number: string): boolean {
  return /^3[47]/.test(number);
}

/** Expected length of a complete number (Amex 15, others 16; Stripe also accepts 13–19 for some brands). */
function completeLength(number: string): number {
  return isAmex(number) ? 15 : 16;
}

/** The CVC's length: 4 digits for Amex, 3 for the other brands (and while the brand is unknown). */
export function cvcLength(cardNumber: string): number {
  return isAmex(digitsOnly(cardNumber)) ? 4 : 3;
}

export type CardInput = { cardNumber: string; expMonth: number; expYear: number; cvc: string };

/** The three inputs of a card form; every card error below belongs to one of them. */
export type CardField = 'number' | 'expiry' | 'cvc';

/**
 * The number's problem, with Stripe.js's code: empty or too short is `incomplete_number`, other
 * characters or too long `invalid_number`, a failed Luhn check `incorrect_number`.
 */
export function cardNumberError(cardNumber: string): string | null {
  const number = digitsOnly(cardNumber);
  if (!/^\d*$/.test(number) || number.length > 19) return 'invalid_number';
  if (number.length < completeLength(number)) return 'incomplete_number';
  if (!luhnValid(number)) return 'incorrect_number';
  return null;
}

/**
 * The expiry's problem, with Stripe.js's codes: a month outside 1–12 is `invalid_expiry_month`, a
 * year more than 50 years ahead `invalid_expiry_year`, a date before this month
 * `invalid_expiry_year_past` / `invalid_expiry_month_past`. `now` decides what is past.
 */
export function cardExpiryError(expMonth: number, expYear: number, now = new Date()): string | null {
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return 'invalid_expiry_month';
  const year = expYear < 100 ? 2000 + expYear : expYear;
  if (!Number.isInteger(year) || year > now.getFullYear() + 50) return 'invalid_expiry_year';
  if (year < now.getFullYear()) return 'invalid_expiry_year_past';
  if (year === now.getFullYear() && expMonth < now.getMonth() + 1) return 'invalid_expiry_month_past';
  return null;
}

/** The CVC's problem: fewer digits than the brand's (`incomplete_cvc`), or anything else (`invalid_cvc`). */
export function cardCvcError(cvc: string, cardNumber: string): string | null {
  const length = cvcLength(cardNumber);
  if (!/^\d*$/.test(cvc) || cvc.length > length) return 'invalid_cvc';
  if (cvc.length < length) return 'incomplete_cvc';
  return null;
}

/** Each field's problem at once, so a form can show every one under its own input. */
export function cardFieldErrors(input: CardInput, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const number = cardNumberError(input.cardNumber);
  const expiry = cardExpiryError(input.expMonth, input.expYear, now);
  const cvc = cardCvcError(input.cvc, input.cardNumber);
  if (number) errors.number = number;
  if (expiry) errors.expiry = expiry;
  if (cvc) errors.cvc = cvc;
  return errors;
}

/**
 * The checks Stripe makes before it asks the issuer: the error code it gives (§5 card codes) for
 * the first field with a problem (number, expiry, CVC), or null when the card may be charged.
 */
export function cardInputError(input: CardInput, now = new Date()): string | null {
  const errors = cardFieldErrors(input, now);
  return errors.number ?? errors.expiry ?? errors.cvc ?? null;
}

export function cardOutcome(cardNumber: string): CardOutcome {
  return TEST_CARDS[digitsOnly(cardNumber)] ?? { kind: 'declined', code: 'card_declined', declineCode: 'live_mode_test_card' };
}

/** "12/34" or "1234" or "12 / 2034" → month and year, or null. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  return { expMonth: Number(m[1]), expYear: Number(m[2]) };
}
