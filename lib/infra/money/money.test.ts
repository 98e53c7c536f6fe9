import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDecimal, centsToDollars, discountedCents, dollarsToCents, formatUsd, parseDollars } from '@/lib/infra/money';

describe('money', () => {
  it('converts dollars to cents through decimal text, rounding half up on the third decimal', () => {
    expect([19.99, 0.1 + 0.2, 1.005, 2.675, 1234.5, 0.01, 0.004, 0.005].map(dollarsToCents)).toEqual([1999, 30, 101, 268, 123450, 1, 0, 1]);
    expect(['19.99', '1.005', '2.675', '12', '12.', '0.5'].map(dollarsToCents)).toEqual([1999, 101, 268, 1200, 1200, 50]);
    expect(dollarsToCents(-1.005)).toBe(-101);
  });

  it('answers the same cents for a number and for its decimal text (the send and the package editor agree)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = centsToDecimal(cents);
        expect(parseDollars(text)).toBe(cents);
        expect(parseDollars(Number(text))).toBe(cents);
        expect(parseDollars(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('refuses what is not an amount', () => {
    for (const bad of [Number.NaN, Infinity, -1, '-1', 'abc', '1e3', '', ' ', '1,50', null, undefined, true, {}, 1e300]) {
      expect(parseDollars(bad)).toBeNull();
    }
    expect(() => dollarsToCents('abc')).toThrow(RangeError);
  });

  it('writes cents as exact decimal text', () => {
    expect([1250, 5, 0, 100, -5, 123456].map(centsToDecimal)).toEqual(['12.50', '0.05', '0.00', '1.00', '-0.05', '1234.56']);
  });

  it('applies a percentage discount in integer arithmetic, half up', () => {
    expect([discountedCents(3999, 25), discountedCents(1000, 100), discountedCents(1499, 10), discountedCents(5, 50)]).toEqual([2999, 0, 1349, 3]);
  });

  it('formats dollars in the page language', () => {
    expect(formatUsd(2500, 'en')).toBe('$25.00');
    expect(formatUsd(2500, 'de')).toMatch(/^25,00\s\$$/);
    expect(formatUsd(2500, 'tr')).toMatch(/25,00/);
  });
});
