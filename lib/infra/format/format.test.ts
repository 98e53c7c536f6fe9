import { describe, expect, it } from 'vitest';
import { createFormat } from '.';

// Non-breaking and narrow spaces differ between ICU versions; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('createFormat', () => {
  const moment = '2026-11-23T16:20:00Z'; // 19:20 in Istanbul

  it('writes a moment in the product time zone, in each language', () => {
    expect(plain(createFormat('en').dateTime(moment))).toBe('Nov 23, 2026, 7:20 PM');
    expect(plain(createFormat('tr').dateTime(moment))).toBe('23 Kas 2026 19:20');
    expect(plain(createFormat('de').dateTime(moment))).toBe('23.11.2026, 19:20');
  });

  it('writes a day, a long day and a time', () => {
    const en = createFormat('en');
    expect(en.date(moment)).toBe('Nov 23, 2026');
    expect(en.longDate(new Date(moment))).toBe('November 23, 2026');
    expect(plain(en.time(moment))).toBe('7:20 PM');
    expect(createFormat('de').longDate(moment)).toBe('23. November 2026');
  });

  it('keeps a calendar day of the statistics on its day in any time zone', () => {
    expect(createFormat('en', 'America/Los_Angeles').day('2026-11-23')).toBe('Nov 23, 2026');
    expect(createFormat('tr', 'Pacific/Kiritimati').day('2026-11-23', 'dayMonth')).toBe('23 Kas');
  });

  it('shows an unreadable date as it came instead of "Invalid Date"', () => {
    expect(createFormat('en').dateTime('not a date')).toBe('not a date');
  });

  it('groups numbers and writes money from integer cents in the language\'s order', () => {
    expect(createFormat('en').number(12345)).toBe('12,345');
    expect(createFormat('de').number(12345)).toBe('12.345');
    expect(createFormat('en').money(2500)).toBe('$25.00');
    expect(plain(createFormat('de').money(2500))).toBe('25,00 $');
    expect(plain(createFormat('tr').money(123456))).toBe('$1.234,56');
  });

  it('writes the dollar numbers of the wire fields to the cent', () => {
    expect(createFormat('en').dollars(19.99)).toBe('$19.99');
    expect(createFormat('en').dollars(1.005)).toBe('$1.01');
    expect(createFormat('en').dollars(-5)).toBe('-$5.00');
  });

  it('says how long ago, in the largest fitting unit', () => {
    const now = new Date(moment);
    expect(createFormat('en').relative('2026-11-23T16:15:00Z', now)).toBe('5 minutes ago');
    expect(createFormat('en').relative('2026-11-22T16:20:00Z', now)).toBe('yesterday');
    expect(createFormat('de').relative('2026-11-23T18:20:00Z', now)).toBe('in 2 Stunden');
    expect(createFormat('tr').relative('2026-11-23T16:19:30Z', now)).toBe('30 saniye önce');
  });

  it('writes a share as a percentage', () => {
    expect(plain(createFormat('tr').percent(0.42))).toBe('%42');
    expect(plain(createFormat('de').percent(0.42))).toBe('42 %');
  });
});
