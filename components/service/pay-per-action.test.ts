import { describe, expect, it } from 'vitest';
import { paysPerAction, profileCap } from './use-limits-balance';
import { viewerFromAnswer } from '@/components/layout/viewer';
import type { LimitView } from './types';

/** Issue #33 item 7: what the service page tells a customer before an order paid per action. */
const customer = { loggedIn: true as const, isAdmin: false, socketToken: null };
const admin = { loggedIn: true as const, isAdmin: true, socketToken: null };
const pkg = (gunluk_limit: number, used: number): [LimitView, number] => [
  { profil_limit: 4, gunluk_limit, hizmet_detaylari: { like: { kullanilan: used } }, reset_suresi: { saat: 1, dakika: 2 } },
  used,
];
const price = { priceCents: 12, maxProfiles: 30 };

describe('pay per action on the service page', () => {
  it('is the way a customer without a package, or past the daily limit, pays when the service has a price on', () => {
    expect(paysPerAction(customer, 'like', null, 0, price)).toBe(true);
    expect(paysPerAction(customer, 'like', ...pkg(3, 3), price)).toBe(true);
    expect(paysPerAction(customer, 'like', ...pkg(3, 2), price)).toBe(false);
    // Off, an admin, a visitor, a new tweet (priced per tier): never.
    expect(paysPerAction(customer, 'like', null, 0, null)).toBe(false);
    expect(paysPerAction(customer, 'like', ...pkg(3, 3), null)).toBe(false);
    expect(paysPerAction(admin, 'like', null, 0, price)).toBe(false);
    expect(paysPerAction({ loggedIn: false }, 'like', null, 0, price)).toBe(false);
    expect(paysPerAction(customer, 'new_tweet', null, 0, price)).toBe(false);
  });

  it('caps an order without a package at the price’s max profiles, with one at the package’s limit', () => {
    expect(profileCap(customer, null, price)).toBe(30);
    expect(profileCap(customer, null, null)).toBeNull();
    expect(profileCap(customer, pkg(3, 3)[0], price)).toBe(4);
    expect(profileCap(admin, null, price)).toBeNull();
  });

  it('reads the price from the app shell’s viewer answer', () => {
    const body = { viewer: { isAdmin: false, socketToken: 't' }, service: 'like', limitInfo: null, bakiye_cents: 500, pay_per_action: { price_cents: 12, max_profiles: 30 } };
    expect(viewerFromAnswer(body, 'like')).toMatchObject({ page: { balanceCents: 500, perAction: { priceCents: 12, maxProfiles: 30 } } });
    expect(viewerFromAnswer({ ...body, pay_per_action: null }, 'like')).toMatchObject({ page: { perAction: null } });
  });
});
