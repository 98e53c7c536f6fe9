import { describe, expect, it } from 'vitest';
import { serviceOfPath, viewerFromAnswer } from './viewer';

describe('the app shell’s viewer', () => {
  it('asks for the service of a service page only', () => {
    expect(serviceOfPath('/service/retweet')).toBe('retweet');
    expect(serviceOfPath('/service/new_tweet/')).toBe('new_tweet');
    for (const path of ['/pricing', '/terms', '/service', '/service/a/b', '/service/../panel', '/service/Like']) expect(serviceOfPath(path), path).toBeUndefined();
  });

  it('reads the answer: nobody is a visitor, a customer with the page’s own service data only', () => {
    expect(viewerFromAnswer({ success: true, viewer: null }, 'like')).toEqual({ phase: 'visitor' });
    expect(viewerFromAnswer({ success: true }, undefined)).toEqual({ phase: 'visitor' });
    const limitInfo = { profil_limit: 3, gunluk_limit: 10, hizmet_detaylari: {}, reset_suresi: { saat: 1, dakika: 2 } };
    expect(viewerFromAnswer({ viewer: { isAdmin: false, socketToken: 'tok' }, service: 'like', limitInfo }, 'like')).toEqual({
      phase: 'member',
      account: { isAdmin: false, socketToken: 'tok' },
      page: { service: 'like', limits: limitInfo, balanceCents: null },
    });
    expect(viewerFromAnswer({ viewer: { isAdmin: true, socketToken: 5 }, service: 'new_tweet', limitInfo: null, bakiye_cents: 250 }, 'new_tweet')).toEqual({
      phase: 'member',
      account: { isAdmin: true, socketToken: null },
      page: { service: 'new_tweet', limits: null, balanceCents: 250 },
    });
    // An answer about another service (or none) gives the account only.
    expect(viewerFromAnswer({ viewer: { isAdmin: false, socketToken: 't' }, service: 'like', limitInfo }, 'retweet')).toEqual({ phase: 'member', account: { isAdmin: false, socketToken: 't' } });
  });
});
