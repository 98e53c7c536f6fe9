/**
 * Money's one home (issue #14 item 9). Inside the product every amount is integer cents; dollars
 * appear only at the wire edge (§3/§7 fields such as platform_fiyatlari, tweetPrice, bakiye) and
 * in the UI. Conversions go through decimal text, never through binary floating point, so the
 * server and the browser agree to the cent: 1.005 → 101, 2.675 → 268, 0.1 + 0.2 → 30.
 *
 * No `server-only`: the browser uses the same functions to show the amount it will be asked to
 * confirm.
 */

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A dollar amount (a number, or decimal text such as "12.50") as integer cents, rounded half up
 * on the third decimal; null when it is not a finite, non-negative amount within safe integers.
 */
export function parseDollars(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // toFixed(10) writes the decimal digits a person typed (19.99 → "19.9900000000", 1.005 →
    // "1.0050000000"), without the exponent notation String() uses for small or large numbers.
    text = value.toFixed(10);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const frac = ((m[2] ?? '') + '000').slice(0, 3);
  let cents = Number(m[1]) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Like parseDollars, for amounts that must be valid (validated input): a RangeError otherwise. Negative amounts keep their sign. */
export function dollarsToCents(value: number | string): number {
  const negative = typeof value === 'number' ? value < 0 : value.trim().startsWith('-');
  const abs = typeof value === 'number' ? Math.abs(value) : value.trim().replace(/^-/, '');
  const cents = parseDollars(abs);
  if (cents === null) throw new RangeError('not a valid dollar amount');
  return negative ? -cents : cents;
}

/** Integer cents as the dollar number of the §7 fields (2 decimals). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Integer cents as exact decimal text with two decimals: 1250 → "12.50", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const c = Math.round(cents);
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const INTL_LOCALE: Record<string, string> = { tr: 'tr-TR', en: 'en-US', de: 'de-DE' };
const formatters = new Map<string, Intl.NumberFormat>();

/** "$25.00" / "25,00 $" in the page's language. */
export function formatUsd(cents: number, locale: string): string {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[locale] ?? 'en-US', { style: 'currency', currency: 'USD' });
    formatters.set(locale, f);
  }
  return f.format(Math.round(cents) / 100);
}

/**
 * A percentage discount on integer cents, rounded half up to the cent in integer arithmetic:
 * (subtotal·(100−p) + 50) div 100.
 */
export function discountedCents(subtotal: number, percent: number): number {
  if (!Number.isSafeInteger(subtotal) || subtotal < 0) throw new RangeError('subtotal must be non-negative integer cents');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('percent must be 0–100');
  return Math.floor((subtotal * (100 - percent) + 50) / 100);
}
