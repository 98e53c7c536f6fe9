import { describe, expect, it } from 'vitest';
import { discountedPrice, usageLevel } from './discount-usage';

describe('discount usage colours and previews', () => {
  it('marks a used-up code, one at 80 % or more, and the rest', () => {
    expect([usageLevel(10, 10), usageLevel(11, 10), usageLevel(8, 10), usageLevel(7, 10), usageLevel(0, 1)]).toEqual(['exhausted', 'exhausted', 'warning', 'ok', 'ok']);
  });

  it('previews discounted prices to the cent', () => {
    expect([discountedPrice(39.99, 25), discountedPrice(10, 100), discountedPrice(14.99, 10)]).toEqual([29.99, 0, 13.49]);
  });
});
