import { describe, expect, it } from 'vitest';
import { linesOf, sameIds, skippedOf } from './crew-bulk-helpers';

describe('the service page’s crews and several links (issue #36 items 3 and 5)', () => {
  it('names the crew’s profiles that cannot act or are not on the page, and only those', () => {
    const crew = {
      profiles: [
        { id: 1, username: 'a', name: 'A', state: 'active' as const },
        { id: 2, username: 'b', name: 'B', state: 'inactive' as const },
        { id: 3, username: 'c', name: 'C', state: 'quarantined' as const },
        { id: 4, username: 'd', name: 'D', state: 'active' as const },
      ],
    };
    expect(skippedOf(crew, new Set([1, 2, 3])).map((p) => p.id)).toEqual([2, 3, 4]);
  });

  it('keeps a crew’s pick while the ticks are exactly its profiles', () => {
    expect(sameIds([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(sameIds([1, 2, 3], [1, 2])).toBe(false);
    expect(sameIds([1, 2], [1, 4])).toBe(false);
  });

  it('sends one line per line, keeping an empty line inside and dropping the trailing ones', () => {
    expect(linesOf('a\nb\n\n')).toEqual(['a', 'b']);
    expect(linesOf('a\r\n\r\nb')).toEqual(['a', '', 'b']);
    expect(linesOf('  \n ')).toEqual([]);
  });
});
