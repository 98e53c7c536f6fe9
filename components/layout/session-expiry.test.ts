import { describe, expect, it, vi } from 'vitest';
import { loginPathFor, watchUnauthorized } from './session-expiry';

function fakeWindow(pathname: string, stored: Record<string, string>, status: number, lang = 'tr') {
  const store = new Map(Object.entries(stored));
  const win = {
    fetch: vi.fn(async () => new Response('{}', { status })) as unknown as typeof fetch,
    location: { origin: 'https://etk.example', pathname, assign: vi.fn() },
    localStorage: { getItem: (k: string) => store.get(k) ?? null, removeItem: (k: string) => void store.delete(k) },
    document: { documentElement: { lang } },
  };
  return { win, store };
}

const SESSION = { user_token: 't', user_data: '{}', admin_token: 'a', language: 'de' };

describe('a 401 from the API (§8)', () => {
  it('clears the stored tokens and sends a logged-in customer to the login page of their language', async () => {
    const { win, store } = fakeWindow('/de/panel/statistics', SESSION, 401, 'de');
    watchUnauthorized(win);
    const res = await win.fetch('/api/users/transactions/me?limit=20');
    expect(res.status).toBe(401);
    expect([...store.keys()]).toEqual(['language']);
    expect(win.location.assign).toHaveBeenCalledWith('/de/login');
    // Several calls failing at once leave only once.
    await win.fetch(new URL('https://etk.example/api/bakiye/kullanici-bakiye'));
    expect(win.location.assign).toHaveBeenCalledTimes(1);
  });

  it('sends an admin from /rooting to /admin-login', async () => {
    const { win } = fakeWindow('/rooting/users', SESSION, 401);
    watchUnauthorized(win);
    await win.fetch(new Request('https://etk.example/api/api/users'));
    expect(win.location.assign).toHaveBeenCalledWith('/admin-login');
    expect(loginPathFor('/en/rooting', 'en')).toBe('/en/admin-login');
  });

  it('leaves wrong passwords, other statuses, other hosts and visitors alone', async () => {
    for (const [path, url, status, stored] of [
      ['/login', '/api/auth/login', 401, SESSION],
      ['/panel', '/api/auth/login/2fa', 401, SESSION],
      ['/panel', '/api/users/profile/me', 400, SESSION],
      ['/panel', 'https://elsewhere.example/api/x', 401, SESSION],
      ['/service/like', '/api/users/limits/me', 401, {}],
    ] as const) {
      const { win, store } = fakeWindow(path, stored, status);
      watchUnauthorized(win);
      await win.fetch(url);
      expect(win.location.assign, url).not.toHaveBeenCalled();
      if (status !== 401 || url.startsWith('http') || url.startsWith('/api/auth')) expect(store.size, url).toBe(Object.keys(stored).length);
    }
  });

  it('puts the original fetch back when unmounted', () => {
    const { win } = fakeWindow('/panel', SESSION, 200);
    const original = win.fetch;
    const stop = watchUnauthorized(win);
    expect(win.fetch).not.toBe(original);
    stop();
    expect(win.fetch).toBe(original);
  });
});
