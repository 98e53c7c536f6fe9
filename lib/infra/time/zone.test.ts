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

describe('localDay, kept per UTC minute (issue #19)', () => {
  it('changes at the local midnight even when asked again within the same minute before it, in zones with odd offsets too', () => {
    for (const [zone, midnightUtc] of [
      ['Europe/Istanbul', Date.UTC(2026, 2, 10, 21, 0)],
      ['Asia/Kathmandu', Date.UTC(2026, 2, 10, 18, 15)], // +05:45
      ['Pacific/Chatham', Date.UTC(2026, 2, 10, 10, 15)], // +13:45 (daylight time)
      ['America/St_Johns', Date.UTC(2026, 2, 11, 2, 30)], // -02:30 (daylight time)
    ] as const) {
      const before = localDay(new Date(midnightUtc - 1), zone);
      expect(localDay(new Date(midnightUtc - 30_000), zone)).toBe(before);
      expect(localDay(new Date(midnightUtc), zone)).not.toBe(before);
      expect(localDay(new Date(midnightUtc + 59_999), zone)).toBe(localDay(new Date(midnightUtc), zone));
      expect(localDay(new Date(midnightUtc - 1), zone)).toBe(before);
    }
  });

  it('computes instants before 1972 afresh (offsets with seconds)', () => {
    // Liberia kept -00:44:30 until 1972: its day began 30 s into a UTC minute.
    const midnight = Date.UTC(1970, 0, 1, 0, 44, 30);
    expect(localDay(new Date(midnight - 1), 'Africa/Monrovia')).toBe('1969-12-31');
    expect(localDay(new Date(midnight), 'Africa/Monrovia')).toBe('1970-01-01');
    expect(localDay(new Date(midnight - 1), 'Africa/Monrovia')).toBe('1969-12-31');
  });
});
