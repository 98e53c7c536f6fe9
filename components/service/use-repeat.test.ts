import { describe, expect, it } from 'vitest';
import type { RepeatDraft } from '@/lib/domain/operations/repeat-order';
import { planRepeat, repeatNumber } from './use-repeat';

const draft = (states: [number, RepeatDraft['profiles'][number]['state']][]): RepeatDraft => ({
  task_id: '00000000-0000-4000-8000-000000000001',
  order_number: 12,
  platform: 'twitter',
  service: 'like',
  target_url: 'https://x.com/a/status/1',
  prompt: null,
  tweet_text: null,
  quote_tweet_url: null,
  profiles: states.map(([id, state]) => ({ id, username: `p${id}`, name: '', state, done_on_target: false })),
});

describe('repeating an order on the service page (issue #36 item 4)', () => {
  it('reads the repeat parameter as an order number', () => {
    expect(repeatNumber('12')).toBe('#12');
    expect(repeatNumber(' #12 ')).toBe('#12');
    expect(repeatNumber(null)).toBeNull();
    expect(repeatNumber('')).toBeNull();
    // Anything else is kept (shown as not found), never sent to the API.
    expect(repeatNumber('12abc')).toBe('12abc');
    expect(repeatNumber('x'.repeat(100))).toHaveLength(40);
  });

  it('ticks the profiles that can act now and are on the page, in the order’s order; names the rest, never replacing them', () => {
    const page = new Set([1, 2, 3, 5]);
    const plan = planRepeat(draft([[3, 'active'], [4, 'quarantined'], [1, 'active'], [2, 'disabled'], [6, 'gone'], [7, 'active']]), page, null);
    expect(plan.ticked).toEqual([3, 1]);
    // 7 is active by the order's answer but not on this page's list (it left since): named as having left.
    expect(plan.unavailable.map((p) => [p.id, p.state])).toEqual([
      [4, 'quarantined'],
      [2, 'disabled'],
      [6, 'gone'],
      [7, 'inactive'],
    ]);
    expect(plan.capped).toBeNull();
  });

  it('ticks no more than the package’s profile cap and says so', () => {
    const page = new Set([1, 2, 3]);
    expect(planRepeat(draft([[1, 'active'], [2, 'active'], [3, 'active']]), page, 2)).toMatchObject({ ticked: [1, 2], capped: 2 });
    expect(planRepeat(draft([[1, 'active'], [2, 'active']]), page, 2)).toMatchObject({ ticked: [1, 2], capped: null });
  });
});
