import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { discountedCents, isTopupAmount, packageTotalCents } from './amounts';
import { cardInputError, cardOutcome, luhnValid } from './test-cards';
import { PAYMENT_ERROR_CODES, paymentErrorCode } from './error-codes';
import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';

describe('payment amounts', () => {
  it('allows exactly the four top-up amounts', () => {
    expect([1000, 2500, 5000, 10000].every(isTopupAmount)).toBe(true);
    expect([0, 999, 2000, 2500.5, '2500', null].some(isTopupAmount)).toBe(false);
  });

  it('rounds a discounted total half up to the cent, exactly as the rational value would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (subtotal, percent) => {
        const exactTimes100 = subtotal * (100 - percent); // total in 1/100 cents
        const expected = exactTimes100 % 100 >= 50 ? Math.ceil(exactTimes100 / 100) : Math.floor(exactTimes100 / 100);
        expect(discountedCents(subtotal, percent)).toBe(expected);
      }),
    );
    expect(discountedCents(999, 50)).toBe(500);
  });

  it('sums each chosen platform once', () => {
    expect(packageTotalCents({ twitter: 1499, instagram: 999, youtube: 333 }, ['twitter', 'twitter', 'youtube'], 50)).toBe(916);
  });
});

describe('test-mode card checks', () => {
  it('knows Luhn and Stripe’s test cards', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardOutcome('4000 0025 0000 3155')).toEqual({ kind: 'requires_authentication' });
    expect(cardOutcome('4000000000009995')).toMatchObject({ declineCode: 'insufficient_funds' });
    expect(cardOutcome('4111111111111111')).toMatchObject({ kind: 'declined', code: 'card_declined' });
  });

  it('treats a card expiring this month as valid and last month as expired', () => {
    const now = new Date(2030, 5, 15);
    const card = { cardNumber: '4242424242424242', cvc: '123' };
    expect(cardInputError({ ...card, expMonth: 6, expYear: 2030 }, now)).toBeNull();
    expect(cardInputError({ ...card, expMonth: 5, expYear: 30 }, now)).toBe('invalid_expiry_month_past');
    expect(cardInputError({ ...card, expMonth: 12, expYear: 2029 }, now)).toBe('invalid_expiry_year_past');
    expect(cardInputError({ ...card, expMonth: 13, expYear: 2031 }, now)).toBe('invalid_expiry_month');
    expect(cardInputError({ ...card, expMonth: 1, expYear: 2081 }, now)).toBe('invalid_expiry_year');
  });
});

describe('§8 payment error codes', () => {
  it('map Stripe codes to messages that exist in all three languages', () => {
    expect(paymentErrorCode('card_declined', 'insufficient_funds')).toBe('PAYMENT_INSUFFICIENT_FUNDS');
    expect(paymentErrorCode('incorrect_cvc')).toBe('CARD_INCORRECT_CVC');
    expect(paymentErrorCode('incomplete_number')).toBe('CARD_INCOMPLETE_NUMBER');
    expect(paymentErrorCode('invalid_expiry_year_past')).toBe('CARD_EXPIRY_PAST');
    expect(paymentErrorCode('incomplete_cvc')).toBe('CARD_INCOMPLETE_CVC');
    expect(paymentErrorCode('something_new')).toBe('PAYMENT_GENERIC_ERROR');
    for (const catalogue of [tr, en, de]) {
      for (const code of PAYMENT_ERROR_CODES) expect((catalogue.Errors as Record<string, string>)[code], code).toBeTruthy();
    }
  });
});
