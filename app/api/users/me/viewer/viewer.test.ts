import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { verifyToken, signToken } from '@/lib/domain/credentials';
import { setupWorld, makeUser } from '@/test/fixtures/world';
import { GET } from './route';

/** GET /api/users/me/viewer: what the signed-in app shell (server/page-cache.ts) asks for once per page. */
const w = setupWorld();

describe('the app shell’s viewer', () => {
  it('answers nobody, not a 401, to a visitor and to a request from another site', async () => {
    expect(await call(GET, { path: '/api/users/me/viewer?service=like' })).toMatchObject({ status: 200, body: { success: true, viewer: null } });
    const { token } = await makeUser(w.t);
    const crossSite = await call(GET, { token, path: '/api/users/me/viewer?service=like', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.body).toEqual({ success: true, viewer: null });
  });

  it('gives the customer their own socket token, the service’s limits and, on new_tweet, the balance', async () => {
    const { user, token } = await makeUser(w.t, { bakiyeCents: 1234, packages: { twitter: { gunlukLimit: 7, profilLimit: 4 } } });
    const like = await call(GET, { token, path: '/api/users/me/viewer?service=like' });
    expect(like.status).toBe(200);
    expect(like.headers.get('cache-control')).toContain('no-store');
    expect(like.body).toMatchObject({ success: true, viewer: { isAdmin: false }, service: 'like', limitInfo: { gunluk_limit: 7, profil_limit: 4 } });
    expect(like.body).not.toHaveProperty('bakiye_cents');
    const socketToken = (like.body.viewer as { socketToken: string }).socketToken;
    expect((await verifyToken(w.t.db, socketToken))?.id).toBe(user.id);

    const tweet = await call(GET, { token, path: '/api/users/me/viewer?service=new-tweet' });
    expect(tweet.body).toMatchObject({ service: 'new_tweet', bakiye_cents: 1234, limitInfo: { gunluk_limit: 7 } });
    // No package on Instagram: no limits there (the page names the missing package).
    expect((await call(GET, { token, path: '/api/users/me/viewer?service=reels_like' })).body).toMatchObject({ service: 'reels_like', limitInfo: null });
    // Without a service (the pricing and policy pages): the account only.
    const bare = await call(GET, { token, path: '/api/users/me/viewer' });
    expect(Object.keys(bare.body).sort()).toEqual(['success', 'viewer']);
  });

  it('says an admin session is one, with no limits, and refuses an unknown service in the request’s language', async () => {
    const { user, token: plainLogin } = await makeUser(w.t, { rol: 'admin' });
    const token = await signToken(w.t.db, user, 'admin');
    expect((await call(GET, { token, path: '/api/users/me/viewer?service=retweet' })).body).toMatchObject({
      viewer: { isAdmin: true },
      limitInfo: { sinirsiz: true, profil_limit: null, gunluk_limit: null },
    });
    // Issue #34 item 6: the admin account through the customer login is a customer (here one without a package).
    expect((await call(GET, { token: plainLogin, path: '/api/users/me/viewer?service=retweet' })).body).toMatchObject({ viewer: { isAdmin: false }, limitInfo: null });
    const bad = await call(GET, { token, path: '/api/users/me/viewer?service=dance', headers: { 'accept-language': 'de' } });
    expect(bad).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_SERVICE' } });
    expect(String(bad.body.mesaj)).toMatch(/Dienst/);
    const nul = await call(GET, { token, path: '/api/users/me/viewer?service=like%00' });
    expect(nul.status).toBe(400);
  });
});
