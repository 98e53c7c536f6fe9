import 'server-only';
import { env } from '@/env';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/**
 * A code's end date: a bare day means "through the end of that day" in APP_TIMEZONE (the day
 * boundary of the product); a full timestamp is taken as it is.
 */
export function parseEndDate(value: string, timeZone = env.APP_TIMEZONE): Date {
  const m = DAY_ONLY.exec(value);
  if (!m) return new Date(value);
  const endUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return new Date(endUtc - offsetMinutes(new Date(endUtc), timeZone) * 60000);
}

/** The calendar day of an instant in APP_TIMEZONE (YYYY-MM-DD), for date inputs. */
export function dayInZone(at: Date, timeZone = env.APP_TIMEZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
