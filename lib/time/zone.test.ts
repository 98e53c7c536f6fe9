import { describe, expect, it } from 'vitest';
import { endOfLocalDay, lastLocalDays, localDay, localDayRange, nextLocalMidnight, resetIn } from './zone';

describe('days in APP_TIMEZONE', () => {
  it('puts an instant on the local calendar day of the zone', () => {
    // 22:30 UTC is already the next day in Istanbul (UTC+3).
    const t = new Date('2026-03-10T22:30:00Z');
    expect(localDay(t, 'Europe/Istanbul')).toBe('2026-03-11');
    expect(localDay(t, 'UTC')).toBe('2026-03-10');
    expect(localDay(t, 'America/New_York')).toBe('2026-03-10');
  });

  it('counts the time until the next local midnight', () => {
    const t = new Date('2026-03-10T18:15:00Z'); // 21:15 in Istanbul
    expect(nextLocalMidnight(t, 'Europe/Istanbul').toISOString()).toBe('2026-03-10T21:00:00.000Z');
    expect(resetIn(t, 'Europe/Istanbul')).toEqual({ saat: 2, dakika: 45 });
  });

  it('knows that a day with a DST change is not 24 hours long', () => {
    // Berlin springs forward on 2026-03-29: midnight to midnight is 23 hours.
    const start = new Date('2026-03-28T23:00:00Z'); // 00:00 local on the 29th
    expect(nextLocalMidnight(start, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('lists the last N local days, oldest first', () => {
    expect(lastLocalDays(new Date('2026-03-02T10:00:00Z'), 'UTC', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('day ranges and day ends', () => {
  it('gives today as [start, next midnight) in the zone, 23 hours on a DST day', () => {
    const r = localDayRange(new Date('2026-03-29T10:00:00Z'), 'Europe/Berlin');
    expect(r.start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    const ist = localDayRange(new Date('2026-03-10T22:30:00Z'), 'Europe/Istanbul');
    expect([ist.start.toISOString(), ist.end.toISOString()]).toEqual(['2026-03-10T21:00:00.000Z', '2026-03-11T21:00:00.000Z']);
  });

  it('ends a calendar day at 23:59:59.999 local time', () => {
    expect(endOfLocalDay('2026-06-30', 'Europe/Istanbul').toISOString()).toBe('2026-06-30T20:59:59.999Z');
    expect(endOfLocalDay('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-25T22:59:59.999Z');
    expect(endOfLocalDay('2026-12-31', 'UTC').toISOString()).toBe('2026-12-31T23:59:59.999Z');
  });
});
