/**
 * Dates, numbers and money in the page's language: the one formatter of the UI (issue #15). There
 * were three date formats (short/short, medium/short, long/short) picked per screen; now a screen
 * asks for what it shows (a day, a moment, a time) and every screen shows it the same way.
 *
 * No `server-only` and no React: server components call `createFormat(locale)`, client components
 * the `useFormat()` hook (components/ui/use-format.ts), which passes the locale and time zone of
 * next-intl so the server's and the browser's text match (no hydration mismatch).
 */
import { dollarsToCents, formatUsd } from '@/lib/infra/money';

/** The product's time zone for display (lib/infra/i18n/request.ts gives next-intl the same one). */
export const DISPLAY_TIME_ZONE = 'Europe/Istanbul';

const INTL_LOCALE: Record<string, string> = { tr: 'tr-TR', en: 'en-US', de: 'de-DE' };

/** What a screen can ask for. */
const DATE_STYLES = {
  /** 23 Nov 2026 — a day (end of a package, a coupon's expiry). */
  date: { dateStyle: 'medium' },
  /** 23 November 2026 — a day in running text (policy dates). */
  longDate: { dateStyle: 'long' },
  /** 23 Nov 2026, 19:20 — a moment (an order, a message, a login). */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 19:20 — a moment today. */
  time: { timeStyle: 'short' },
  /** 23 Nov — a chart axis. */
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;
type DateInput = Date | string | number;

export type Format = {
  locale: string;
  /** A day: "23 Kas 2026" / "Nov 23, 2026" / "23.11.2026". */
  date(value: DateInput): string;
  longDate(value: DateInput): string;
  dateTime(value: DateInput): string;
  time(value: DateInput): string;
  dayMonth(value: DateInput): string;
  /** A calendar day 'YYYY-MM-DD' (a day of the statistics), shown without shifting it by the time zone. */
  day(isoDay: string, style?: 'date' | 'longDate' | 'dayMonth'): string;
  /** A count with the locale's grouping: 12.345 / 12,345. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** How long ago or ahead, in the largest fitting unit: "5 minutes ago", "yesterday", "in 2 hours". */
  relative(value: DateInput, now?: Date): string;
  /** A share 0–1 as a percentage: %42 / 42% / 42 %. */
  percent(ratio: number): string;
  /** Integer cents as dollars: "$25.00" / "25,00 $". */
  money(cents: number): string;
  /** A dollar number of the §3/§7 wire fields (bakiye, bakiye_harcanan) as money. */
  dollars(amount: number): string;
  /** An order's public number as it is named everywhere (issue #33): "#123", no grouping, the same in every language. */
  orderNumber(n: number): string;
};

/** An order's public number as it is named everywhere (issue #33): "#123" (Format.orderNumber). */
export const orderNumberText = (n: number): string => `#${n}`;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: string, timeZone: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `d|${locale}|${timeZone}|${style}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[locale] ?? locale, { ...DATE_STYLES[style], timeZone });
    cache.set(key, f);
  }
  return f;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[locale] ?? locale, options);
    cache.set(key, f);
  }
  return f;
}

function toDate(value: DateInput): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The formatter of one language (tr, en, de) and time zone. An unreadable date is shown as it came. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

function relativeTime(locale: string, date: Date, now: Date): string {
  const key = `r|${locale}`;
  let f = relativeCache.get(key);
  if (!f) {
    f = new Intl.RelativeTimeFormat(INTL_LOCALE[locale] ?? locale, { numeric: 'auto' });
    relativeCache.set(key, f);
  }
  const diff = date.getTime() - now.getTime();
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return f.format(Math.round(diff / ms), unit);
  return f.format(Math.round(diff / 1000), 'second');
}

const relativeCache = new Map<string, Intl.RelativeTimeFormat>();

export function createFormat(locale: string, timeZone: string = DISPLAY_TIME_ZONE): Format {
  const dated = (style: DateStyle) => (value: DateInput) => {
    const d = toDate(value);
    return d ? dateFormat(locale, timeZone, style).format(d) : String(value);
  };
  return {
    locale,
    orderNumber: orderNumberText,
    date: dated('date'),
    longDate: dated('longDate'),
    dateTime: dated('dateTime'),
    time: dated('time'),
    dayMonth: dated('dayMonth'),
    day(isoDay, style = 'date') {
      // Noon UTC of that day is the same calendar day in every zone, and formatting it in UTC keeps it.
      const d = toDate(`${isoDay.slice(0, 10)}T12:00:00Z`);
      return d ? dateFormat(locale, 'UTC', style).format(d) : isoDay;
    },
    relative(value, now = new Date()) {
      const d = toDate(value);
      return d ? relativeTime(locale, d, now) : String(value);
    },
    number: (value, options) => numberFormat(locale, options).format(value),
    percent: (ratio) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(ratio),
    money: (cents) => formatUsd(cents, locale),
    dollars: (amount) => (Number.isFinite(amount) ? formatUsd(dollarsToCents(amount), locale) : String(amount)),
  };
}
