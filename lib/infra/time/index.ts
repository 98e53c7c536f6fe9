import 'server-only';
import { env } from '@/env';
import { localDay, localDayRange } from './zone';

export { localDay, nextLocalMidnight, resetIn, lastLocalDays, localDayRange, endOfLocalDay } from './zone';

/** Today in the product's time zone (APP_TIMEZONE), as 'YYYY-MM-DD': the day of daily limits. */
export function appToday(now: Date = new Date()): string {
  return localDay(now, env.APP_TIMEZONE);
}

/** Today's [start, end) instants in APP_TIMEZONE, for range queries on timestamps. */
export function appTodayRange(now: Date = new Date()): { start: Date; end: Date } {
  return localDayRange(now, env.APP_TIMEZONE);
}
