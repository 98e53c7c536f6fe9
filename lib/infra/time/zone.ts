/**
 * Time's one home (issue #14 item 9): calendar days in a time zone. The product's day is a day in
 * APP_TIMEZONE: daily limits count per local day and reset at local midnight, the dashboard's
 * "today" and a discount code's last day are the same day. Every "today" is computed here, from
 * the application's clock, never again in SQL with the database's clock.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

const FIELD: Partial<Record<string, 'y' | 'm' | 'd' | 'h' | 'mi' | 's'>> = { year: 'y', month: 'm', day: 'd', hour: 'h', minute: 'mi', second: 's' };

function partsIn(date: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  // One formatToParts for all six fields (it was called once per field: issue #19 found 3 % of a send in it).
  const out = { y: NaN, m: NaN, d: NaN, h: NaN, mi: NaN, s: NaN };
  for (const part of f.formatToParts(date)) {
    const key = FIELD[part.type];
    if (key) out[key] = Number(part.value);
  }
  out.h %= 24;
  return out;
}

/**
 * The local calendar day of an instant, as 'YYYY-MM-DD'. Every send asks it for the current
 * minute, so the last answer per zone is kept for its UTC minute: since 1972 every zone's offset
 * is a whole number of minutes, so a local day never begins inside a UTC minute. Earlier instants
 * (offsets with seconds, local mean time) are always computed.
 */
export function localDay(date: Date, timeZone: string): string {
  const ms = date.getTime();
  const minute = Math.floor(ms / 60_000);
  const kept = lastDay.get(timeZone);
  if (kept && kept.minute === minute) return kept.day;
  const p = partsIn(date, timeZone);
  const day = `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
  if (ms >= MINUTE_OFFSETS_SINCE) lastDay.set(timeZone, { minute, day });
  return day;
}
const lastDay = new Map<string, { minute: number; day: string }>();
const MINUTE_OFFSETS_SINCE = Date.UTC(1972, 0, 1);

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetMs(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant a local calendar day begins (month and day may overflow, as in Date.UTC; DST-aware). */
function localMidnight(y: number, m: number, d: number, timeZone: string, near: Date): Date {
  const wall = Date.UTC(y, m - 1, d, 0, 0, 0);
  const guess = wall - offsetMs(near, timeZone);
  return new Date(wall - offsetMs(new Date(guess), timeZone));
}

/** The instant of the next local midnight after `now` (DST-aware). */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  const p = partsIn(now, timeZone);
  return localMidnight(p.y, p.m, p.d + 1, timeZone, now);
}

/** The instants today begins and ends (the next midnight) in the zone: [start, end). */
export function localDayRange(now: Date, timeZone: string): { start: Date; end: Date } {
  const p = partsIn(now, timeZone);
  return { start: localMidnight(p.y, p.m, p.d, timeZone, now), end: localMidnight(p.y, p.m, p.d + 1, timeZone, now) };
}

/** The last instant (…23:59:59.999) of a calendar day 'YYYY-MM-DD' in the zone. */
export function endOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const noon = new Date(Date.UTC(y, m - 1, d, 12));
  return new Date(localMidnight(y, m, d + 1, timeZone, noon).getTime() - 1);
}

/** §3 Limit info reset_suresi: hours and minutes until the next local midnight (minutes rounded up). */
export function resetIn(now: Date, timeZone: string): { saat: number; dakika: number } {
  const minutes = Math.max(0, Math.ceil((nextLocalMidnight(now, timeZone).getTime() - now.getTime()) / 60_000));
  return { saat: Math.floor(minutes / 60), dakika: minutes % 60 };
}

/** The `count` local days ending today, oldest first. */
export function lastLocalDays(now: Date, timeZone: string, count: number): string[] {
  const today = localDay(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => {
    const t = new Date(Date.UTC(y, m - 1, d - (count - 1 - i)));
    return t.toISOString().slice(0, 10);
  });
}
