import { describe, expect, it } from 'vitest';
import { profileCap, DEFAULT_PROFILE_LIMIT } from './use-limits-balance';
import { alreadyDoneIds, isAllSelected, toggleSelection } from './use-selection';
import { stickyBarVisible } from './use-sticky-bar';
import { sendBody, validateSend, EMPTY_FIELDS, PROMPT_MAX, TWEET_MAX, localInputToIso, isoToLocalInput } from './use-service-form';
import { parseQuote } from './use-price-quote';
import type { LimitView } from './types';

const TWEET = 'https://x.com/etkilesim/status/1790000000000000001';
const limits = (profil_limit: number | null, sinirsiz = false): LimitView => ({
  profil_limit,
  gunluk_limit: 10,
  hizmet_detaylari: {},
  reset_suresi: { saat: 1, dakika: 2 },
  sinirsiz,
});

describe('limits: the profile cap of an order', () => {
  it('caps a customer with a package at its profile limit, 5 when it names none', () => {
    const customer = { loggedIn: true as const, isAdmin: false, socketToken: null };
    expect(profileCap(customer, limits(3))).toBe(3);
    expect(profileCap(customer, limits(null))).toBe(DEFAULT_PROFILE_LIMIT);
  });

  it('does not cap visitors, admins, unlimited packages or a customer without a package', () => {
    expect(profileCap({ loggedIn: false }, limits(3))).toBeNull();
    expect(profileCap({ loggedIn: true, isAdmin: true, socketToken: null }, limits(3))).toBeNull();
    expect(profileCap({ loggedIn: true, isAdmin: false, socketToken: null }, limits(3, true))).toBeNull();
    expect(profileCap({ loggedIn: true, isAdmin: false, socketToken: null }, null)).toBeNull();
  });
});

describe('selection', () => {
  it('ticks and unticks in ticking order and refuses a tick beyond the cap', () => {
    expect(toggleSelection([4, 2], 7, null)).toEqual({ next: [4, 2, 7], limitReached: false });
    expect(toggleSelection([4, 2, 7], 2, 3)).toEqual({ next: [4, 7], limitReached: false });
    expect(toggleSelection([4, 2, 7], 9, 3)).toEqual({ next: [4, 2, 7], limitReached: true });
  });

  it('reads as all selected once as many as may be are ticked', () => {
    expect(isAllSelected(0, 10, null)).toBe(false);
    expect(isAllSelected(10, 10, null)).toBe(true);
    expect(isAllSelected(5, 10, 5)).toBe(true);
    expect(isAllSelected(4, 10, 5)).toBe(false);
  });
});

describe('an ALREADY_DONE answer', () => {
  it('names the profiles to untick, and nothing for another answer', () => {
    expect(alreadyDoneIds({ success: false, code: 'ALREADY_DONE', count: 2, profile_ids: [4, 9] })).toEqual([4, 9]);
    expect(alreadyDoneIds({ code: 'ALREADY_DONE', profile_ids: [4, '9', null, 2.5] })).toEqual([4]);
    expect(alreadyDoneIds({ code: 'ALREADY_DONE' })).toEqual([]);
    expect(alreadyDoneIds({ code: 'PROFILES_UNAVAILABLE', profile_ids: [4] })).toEqual([]);
  });
});

describe('the sticky action bar', () => {
  it('shows only while the form’s Send button is out of view and something is ticked', () => {
    expect(stickyBarVisible({ sendInView: false, selectedCount: 2 })).toBe(true);
    expect(stickyBarVisible({ sendInView: true, selectedCount: 2 })).toBe(false);
    expect(stickyBarVisible({ sendInView: false, selectedCount: 0 })).toBe(false);
  });
});

describe('the order form, checked with the route’s own schema', () => {
  it('builds the §7 body of each kind of service', () => {
    const fields = { ...EMPTY_FIELDS, url: ` ${TWEET} `, prompt: ' kısa ', tweetText: ' merhaba ', quoteUrl: '' };
    expect(sendBody('like', 'twitter', fields, [1])).toEqual({ profile_ids: [1], tweet_url: TWEET });
    expect(sendBody('comment', 'twitter', fields, [1])).toEqual({ profile_ids: [1], tweet_url: TWEET, prompt: 'kısa' });
    expect(sendBody('reels_like', 'instagram', fields, [1])).toEqual({ profile_ids: [1], reels_url: TWEET });
    expect(sendBody('new_tweet', 'twitter', fields, [1, 2])).toEqual({ profile_ids: [1, 2], tweet_text: 'merhaba', quote_tweet_url: null });
  });

  it('names what is wrong with each field, with the server’s message keys', async () => {
    expect(await validateSend('like', sendBody('like', 'twitter', EMPTY_FIELDS, []))).toEqual({
      profiles: 'Validation.profile_required',
      url: 'Validation.url_required',
    });
    expect(await validateSend('like', sendBody('like', 'twitter', { ...EMPTY_FIELDS, url: 'https://x.com/nope' }, [1]))).toEqual({ url: 'Validation.tweet_url_invalid' });
    expect(await validateSend('reels_like', sendBody('reels_like', 'instagram', { ...EMPTY_FIELDS, url: TWEET }, [1]))).toEqual({ url: 'Validation.reels_url_invalid' });
    expect(await validateSend('like', sendBody('like', 'twitter', { ...EMPTY_FIELDS, url: TWEET }, [1]))).toEqual({});
  });

  it('sends "at a time" in the user’s zone as an ISO time, and a spread in minutes; "now" and "off" send neither', async () => {
    const local = '2026-12-01T09:30';
    const fields = { ...EMPTY_FIELDS, url: TWEET, when: 'at' as const, startAt: local, spread: '60' };
    const body = sendBody('like', 'twitter', fields, [1]);
    expect(body).toEqual({ profile_ids: [1], tweet_url: TWEET, start_at: new Date(local).toISOString(), spread_minutes: 60 });
    expect(await validateSend('like', body)).toEqual({});
    expect(isoToLocalInput(new Date(localInputToIso(local)!))).toBe(local);
    expect(sendBody('like', 'twitter', { ...fields, when: 'now', spread: '0' }, [1])).toEqual({ profile_ids: [1], tweet_url: TWEET });
    expect(await validateSend('like', sendBody('like', 'twitter', { ...fields, startAt: '' }, [1]))).toEqual({ startAt: 'Validation.start_at_required' });
  });

  it('takes the tweet and prompt limits from the schema (code points, not UTF-16 units)', async () => {
    const ok = { ...EMPTY_FIELDS, tweetText: '🚀'.repeat(TWEET_MAX) };
    expect(await validateSend('new_tweet', sendBody('new_tweet', 'twitter', ok, [1]))).toEqual({});
    const long = { ...EMPTY_FIELDS, tweetText: 'a'.repeat(TWEET_MAX + 1), quoteUrl: 'https://example.com' };
    expect(await validateSend('new_tweet', sendBody('new_tweet', 'twitter', long, [1]))).toEqual({
      tweetText: 'Validation.tweet_text_too_long',
      quoteUrl: 'Validation.tweet_url_invalid',
    });
    const prompt = { ...EMPTY_FIELDS, url: TWEET, prompt: 'x'.repeat(PROMPT_MAX + 1) };
    expect(await validateSend('comment', sendBody('comment', 'twitter', prompt, [1]))).toEqual({ prompt: 'Validation.prompt_too_long' });
  });
});

describe('the new-tweet quote answer', () => {
  const body = {
    success: true,
    kalemler: [{ profil_id: 3, kullanici_adi: 'big', takipci_sayisi: 250_000, kademe_min: 100_001, kademe_max: null, fiyat: 15, fiyat_cents: 1500 }],
    toplam: 15,
    toplam_cents: 1500,
    bakiye: 20,
    bakiye_cents: 2000,
    kalan_bakiye: 5,
    kalan_bakiye_cents: 500,
  };

  it('reads the lines, the total and the balances as the server wrote them', () => {
    expect(parseQuote(body, '3')).toEqual({
      key: '3',
      lines: [{ profileId: 3, username: 'big', followers: 250_000, tierMin: 100_001, tierMax: null, priceCents: 1500 }],
      totalCents: 1500,
      totalDollars: 15,
      balanceCents: 2000,
      balanceAfterCents: 500,
    });
  });

  it('shows no price from a half answer', () => {
    expect(parseQuote({ ...body, toplam_cents: undefined }, '3')).toBeNull();
    expect(parseQuote({ ...body, kalemler: [{ profil_id: 3 }] }, '3')).toBeNull();
    expect(parseQuote({ success: false, code: 'PROFILES_UNAVAILABLE' }, '3')).toBeNull();
  });
});
