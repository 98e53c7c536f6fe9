/*
 * The status page's daily bars (issue #38 item 4), pure so the browser-free tests can check them:
 * a day with no probe has no availability (shown as "no data", never as up).
 */

export type DayProbes = { day: string; probes: number; up: number };
export type DayBar = { day: string; probes: number; availability: number | null };

/** The UTC date (YYYY-MM-DD) of a moment. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The last `days` UTC dates up to and including `now`'s, oldest first. */
export function dayList(now: Date, days: number): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(end - (days - 1 - i) * 86_400_000)));
}

/** A share rounded to four decimals, or null when nothing was counted. */
export function share(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

/** One bar per day of the range: the share of that day's probes that found the provider up. */
export function dailyBars(rows: readonly DayProbes[], now: Date, days = 90): DayBar[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return dayList(now, days).map((day) => {
    const r = byDay.get(day);
    return { day, probes: r?.probes ?? 0, availability: r ? share(r.up, r.probes) : null };
  });
}
