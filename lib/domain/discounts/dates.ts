import 'server-only';
import { env } from '@/env';
import { endOfLocalDay, localDay } from '@/lib/infra/time';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A code's end date: a bare day means "through the end of that day" in APP_TIMEZONE (the day
 * boundary of the product); a full timestamp is taken as it is.
 */
export function parseEndDate(value: string, timeZone = env.APP_TIMEZONE): Date {
  return DAY_ONLY.test(value) ? endOfLocalDay(value, timeZone) : new Date(value);
}

/** The calendar day of an instant in APP_TIMEZONE (YYYY-MM-DD), for date inputs. */
export function dayInZone(at: Date, timeZone = env.APP_TIMEZONE): string {
  return localDay(at, timeZone);
}
