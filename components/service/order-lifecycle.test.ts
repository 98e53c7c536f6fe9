import { describe, expect, it } from 'vitest';
import { applyOperationEvent, connectionToast, DuplicateFilter, markPending, selectAllIds, toastKindOf, type Badge } from './order-lifecycle';

const twitter = { service: 'like', platform: 'twitter' };

describe('the profile badges of a service page', () => {
  it('go pending when a send is accepted, then success or failed per profile from operation_update', () => {
    let badges: Record<number, Badge> = markPending({}, [1, 2, 3]);
    expect(badges).toEqual({ 1: 'pending', 2: 'pending', 3: 'pending' });
    badges = applyOperationEvent(badges, { operation: 'like', task_id: 't', status: 'processing', result: [{ profile_id: 1, result: 'success' }] }, twitter);
    expect(badges).toEqual({ 1: 'success', 2: 'pending', 3: 'pending' });
    badges = applyOperationEvent(
      badges,
      { operation: 'like', task_id: 't', status: 'completed', result: [{ profile_id: '2', result: 'failed' }, { profile_id: 3, result: 'success' }] },
      twitter,
    );
    expect(badges).toEqual({ 1: 'success', 2: 'failed', 3: 'success' });
  });

  it('ignore an event of another service', () => {
    const badges = markPending({}, [1]);
    expect(applyOperationEvent(badges, { operation: 'retweet', task_id: 't', status: 'completed', result: [{ profile_id: 1, result: 'success' }] }, twitter)).toBe(badges);
  });

  it('treat new-tweet and new_tweet as the same operation', () => {
    const badges = applyOperationEvent(markPending({}, [4]), { operation: 'new-tweet', task_id: 't', status: 'completed', result: [{ profile_id: 4, result: 'success' }] }, { service: 'new_tweet', platform: 'twitter' });
    expect(badges[4]).toBe('success');
  });

  it('on Instagram turn pending profiles to success (or failed) on a completed event without results', () => {
    const ctx = { service: 'reels_like', platform: 'instagram', taskProfileIds: [1, 2] };
    const ok = applyOperationEvent(markPending({ 9: 'success' }, [1, 2]), { operation: 'reels_like', task_id: 't', status: 'completed', success_count: 1, total_count: 2 }, ctx);
    expect(ok).toEqual({ 1: 'success', 2: 'success', 9: 'success' });
    const failed = applyOperationEvent(markPending({}, [1, 2]), { operation: 'reels_like', task_id: 't', status: 'completed', success_count: 0, total_count: 2 }, ctx);
    expect(failed).toEqual({ 1: 'failed', 2: 'failed' });
    // Twitter never guesses: without results nothing changes.
    const tw = applyOperationEvent(markPending({}, [1]), { operation: 'like', task_id: 't', status: 'completed', success_count: 1, total_count: 1 }, twitter);
    expect(tw).toEqual({ 1: 'pending' });
  });
});

describe('the result toast', () => {
  it('is success, partial, failed or pending by the counts and status', () => {
    expect(toastKindOf({ operation: 'like', task_id: 't', status: 'completed', success_count: 3, total_count: 3 })).toBe('success');
    expect(toastKindOf({ operation: 'like', task_id: 't', status: 'SUCCESS', success_count: 1, total_count: 3 })).toBe('partial');
    expect(toastKindOf({ operation: 'like', task_id: 't', status: 'completed', success_count: 0, total_count: 3 })).toBe('failed');
    expect(toastKindOf({ operation: 'like', task_id: 't', status: 'processing', success_count: 1, total_count: 3 })).toBe('pending');
  });
});

describe('duplicate events', () => {
  it('are ignored by task, status and operation', () => {
    const f = new DuplicateFilter();
    const e = { operation: 'like', task_id: 't1', status: 'completed' };
    expect(f.isDuplicate(e, 'twitter', 0)).toBe(false);
    expect(f.isDuplicate(e, 'twitter', 60_000)).toBe(true);
    expect(f.isDuplicate({ ...e, status: 'processing' }, 'twitter', 0)).toBe(false);
  });

  it('on Instagram only within 10 seconds', () => {
    const f = new DuplicateFilter();
    const e = { operation: 'reels_like', task_id: 't1', status: 'completed' };
    expect(f.isDuplicate(e, 'instagram', 0)).toBe(false);
    expect(f.isDuplicate(e, 'instagram', 9_000)).toBe(true);
    expect(f.isDuplicate(e, 'instagram', 11_000)).toBe(false);
  });
});

describe('select all', () => {
  it('takes only the first N when the user has a profile cap', () => {
    expect(selectAllIds([5, 6, 7, 8], 2)).toEqual([5, 6]);
    expect(selectAllIds([5, 6, 7], null)).toEqual([5, 6, 7]);
  });
});

describe('the live-connection toast', () => {
  it('says nothing on a normal connection, warns when it is lost, and says when it is restored', () => {
    expect(connectionToast(null, 'connected')).toBeNull();
    expect(connectionToast('connected', 'connected')).toBeNull();
    expect(connectionToast('connected', 'lost')).toBe('lost');
    expect(connectionToast('lost', 'lost')).toBeNull();
    expect(connectionToast('lost', 'connected')).toBe('restored');
    expect(connectionToast('lost', 'error')).toBe('error');
    expect(connectionToast('error', 'connected')).toBe('restored');
  });
});
