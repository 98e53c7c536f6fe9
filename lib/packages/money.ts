/**
 * Dollars at the API edge (§3 platform_fiyatlari), integer cents inside. Binary floating point
 * cannot hold 1.005 exactly, so the conversion goes through the decimal text of the number and
 * rounds half up on the third decimal: 1.005 → 101, 19.99 → 1999, 0.1 + 0.2 → 30.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('not a finite amount');
  const negative = dollars < 0;
  const [whole = '0', frac = ''] = Math.abs(dollars).toFixed(10).split('.');
  const padded = (frac + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
