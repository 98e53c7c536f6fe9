import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { cardErrorOf, firstCardError, stripeFieldError, testCardFieldErrors } from './card-errors';

// 15 June 2030: May 2030 is past, June 2030 is not.
const NOW = new Date(2030, 5, 15);
const VALID = { number: '4242 4242 4242 4242', expiry: '06/30', cvc: '123' };

describe('the test-mode card form’s messages, one per input (issue #32 item 8)', () => {
  it('accepts a complete card', () => {
    expect(testCardFieldErrors(VALID, NOW)).toEqual({});
    expect(testCardFieldErrors({ number: '3782 822463 10005', expiry: '12/34', cvc: '1234' }, NOW)).toEqual({});
  });

  it('says an unfinished or empty number is incomplete, not invalid', () => {
    expect(testCardFieldErrors({ ...VALID, number: '4242 4242' }, NOW)).toEqual({ number: 'CARD_INCOMPLETE_NUMBER' });
    expect(testCardFieldErrors({ ...VALID, number: '' }, NOW)).toEqual({ number: 'CARD_INCOMPLETE_NUMBER' });
    expect(testCardFieldErrors({ ...VALID, number: '4242 4242 4242 4241' }, NOW)).toEqual({ number: 'CARD_INCORRECT_NUMBER' });
  });

  it('says an expiry before this month is in the past, and an unfinished one is incomplete', () => {
    expect(testCardFieldErrors({ ...VALID, expiry: '05/30' }, NOW)).toEqual({ expiry: 'CARD_EXPIRY_PAST' });
    expect(testCardFieldErrors({ ...VALID, expiry: '12/29' }, NOW)).toEqual({ expiry: 'CARD_EXPIRY_PAST' });
    expect(testCardFieldErrors({ ...VALID, expiry: '12/3' }, NOW)).toEqual({ expiry: 'CARD_INCOMPLETE_EXPIRY' });
    expect(testCardFieldErrors({ ...VALID, expiry: '' }, NOW)).toEqual({ expiry: 'CARD_INCOMPLETE_EXPIRY' });
    expect(testCardFieldErrors({ ...VALID, expiry: '13/30' }, NOW)).toEqual({ expiry: 'CARD_INVALID_EXPIRY_MONTH' });
  });

  it('says a CVC shorter than the brand’s is incomplete: 3 digits, 4 for Amex', () => {
    expect(testCardFieldErrors({ ...VALID, cvc: '12' }, NOW)).toEqual({ cvc: 'CARD_INCOMPLETE_CVC' });
    expect(testCardFieldErrors({ ...VALID, cvc: '' }, NOW)).toEqual({ cvc: 'CARD_INCOMPLETE_CVC' });
    expect(testCardFieldErrors({ ...VALID, number: '3782 822463 10005', cvc: '123' }, NOW)).toEqual({ cvc: 'CARD_INCOMPLETE_CVC' });
    expect(testCardFieldErrors({ ...VALID, cvc: '1234' }, NOW)).toEqual({ cvc: 'CARD_INVALID_CVC' });
  });

  it('gives every wrong input its own message at once, and the focus to the first on the screen', () => {
    const errors = testCardFieldErrors({ number: '4242', expiry: '01/29', cvc: '1' }, NOW);
    expect(errors).toEqual({ number: 'CARD_INCOMPLETE_NUMBER', expiry: 'CARD_EXPIRY_PAST', cvc: 'CARD_INCOMPLETE_CVC' });
    expect(firstCardError(errors)).toBe('number');
    expect(firstCardError({ cvc: 'CARD_INCOMPLETE_CVC', expiry: 'CARD_EXPIRY_PAST' })).toBe('expiry');
    expect(firstCardError({})).toBeUndefined();
  });
});

describe('Stripe Elements’ errors, under the input they are about', () => {
  it('maps Stripe’s codes to the same messages as the test mode', () => {
    const state = (errorCode: string) => ({ empty: false, complete: false, errorCode });
    expect(stripeFieldError('number', state('incomplete_number'), false)).toBe('CARD_INCOMPLETE_NUMBER');
    expect(stripeFieldError('number', state('invalid_number'), false)).toBe('CARD_INVALID_NUMBER');
    expect(stripeFieldError('expiry', state('invalid_expiry_year_past'), false)).toBe('CARD_EXPIRY_PAST');
    expect(stripeFieldError('expiry', state('invalid_expiry_month_past'), false)).toBe('CARD_EXPIRY_PAST');
    expect(stripeFieldError('expiry', state('incomplete_expiry'), false)).toBe('CARD_INCOMPLETE_EXPIRY');
    expect(stripeFieldError('cvc', state('incomplete_cvc'), false)).toBe('CARD_INCOMPLETE_CVC');
    // An unknown code still says which input is wrong.
    expect(stripeFieldError('cvc', state('something_new'), false)).toBe('CARD_INVALID_CVC');
  });

  it('says nothing about an empty or unfinished input until the customer tries to pay, then “incomplete”', () => {
    expect(stripeFieldError('number', undefined, false)).toBeNull();
    expect(stripeFieldError('number', undefined, true)).toBe('CARD_INCOMPLETE_NUMBER');
    expect(stripeFieldError('expiry', { empty: false, complete: false }, true)).toBe('CARD_INCOMPLETE_EXPIRY');
    expect(stripeFieldError('cvc', { empty: true, complete: false }, true)).toBe('CARD_INCOMPLETE_CVC');
    expect(stripeFieldError('cvc', { empty: false, complete: true }, true)).toBeNull();
  });
});

describe('a refused payment’s code', () => {
  it('goes under its input when it is about one, else to the whole form', () => {
    expect(cardErrorOf('CARD_INCOMPLETE_CVC')).toEqual({ field: 'cvc', code: 'CARD_INCOMPLETE_CVC' });
    expect(cardErrorOf('CARD_EXPIRY_PAST')).toEqual({ field: 'expiry', code: 'CARD_EXPIRY_PAST' });
    expect(cardErrorOf('CARD_INCOMPLETE_NUMBER')).toEqual({ field: 'number', code: 'CARD_INCOMPLETE_NUMBER' });
    expect(cardErrorOf('PAYMENT_INSUFFICIENT_FUNDS')).toBeNull();
    expect(cardErrorOf('CARD_DECLINED')).toBeNull();
    expect(cardErrorOf(undefined)).toBeNull();
  });

  it('has a distinct text for each input message in tr, en and de', () => {
    const codes = ['CARD_INCOMPLETE_NUMBER', 'CARD_INVALID_NUMBER', 'CARD_INCOMPLETE_EXPIRY', 'CARD_EXPIRY_PAST', 'CARD_INCOMPLETE_CVC', 'CARD_INVALID_CVC'];
    for (const catalogue of [tr, en, de]) {
      const texts = codes.map((code) => (catalogue.Errors as Record<string, string>)[code]);
      texts.forEach((text, i) => expect(text, codes[i]).toBeTruthy());
      expect(new Set(texts).size).toBe(codes.length);
    }
  });
});
