/**
 * §8: "HTTP 401 on any call removes admin_token and user_token". A 401 from our API means the
 * session the browser holds is gone (expired, revoked, logged out elsewhere): the stored §3 values
 * are cleared and a customer who was logged in goes to /login (an admin under /rooting to
 * /admin-login, as §8 says), instead of staying on a page whose every call now fails.
 *
 * Done once for every fetch of the page (the app has several fetch wrappers; none can forget it).
 * Not for the sign-in calls themselves, where 401 is a wrong password or code, and not for a
 * visitor who never logged in (their 401 is "log in to do this", shown where it happens).
 */
export const STORED_SESSION_KEYS = ['user_token', 'user_data', 'admin_token'] as const;

type WatchedWindow = {
  fetch: typeof fetch;
  location: { origin: string; pathname: string; assign(url: string): void };
  localStorage: Pick<Storage, 'getItem' | 'removeItem'>;
  document: { documentElement: { lang: string } };
};

/** Calls whose 401 is an answer to what the user typed, not a lost session. */
const SIGN_IN_CALLS = /^\/api\/auth\/(login|admin-login|login\/2fa|register|forgot-password|reset-password|verify-reset-token|logout|logout-all|session|csrf|callback|signout|providers)(\/|$)/;
const SIGN_IN_PAGES = /^(\/(en|de))?\/(login|admin-login|forgot-password|reset-password)(\/|$)/;

function pathOf(input: RequestInfo | URL, origin: string): string | null {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw, origin);
  return url.origin === origin ? url.pathname : null;
}

/** Where a lost session goes: /admin-login from the admin area, else /login, in the page's locale. */
export function loginPathFor(pathname: string, lang: string): string {
  const prefix = lang === 'en' || lang === 'de' ? `/${lang}` : '';
  const admin = /^(\/(en|de))?\/rooting(\/|$)/.test(pathname);
  return `${prefix}${admin ? '/admin-login' : '/login'}`;
}

/** Wraps `win.fetch`; returns a function that puts the original back. */
export function watchUnauthorized(win: WatchedWindow): () => void {
  const original = win.fetch;
  let leaving = false;
  const wrapped: typeof fetch = async (input, init) => {
    const res = await original.call(win as unknown as typeof globalThis, input, init);
    if (res.status !== 401) return res;
    const path = pathOf(input, win.location.origin);
    if (!path || !path.startsWith('/api/') || SIGN_IN_CALLS.test(path)) return res;
    let hadSession = false;
    try {
      hadSession = STORED_SESSION_KEYS.some((k) => win.localStorage.getItem(k) !== null);
      for (const key of STORED_SESSION_KEYS) win.localStorage.removeItem(key);
    } catch {
      // Storage disabled: nothing was stored.
    }
    if (hadSession && !leaving && !SIGN_IN_PAGES.test(win.location.pathname)) {
      leaving = true;
      win.location.assign(loginPathFor(win.location.pathname, win.document.documentElement.lang));
    }
    return res;
  };
  win.fetch = wrapped;
  return () => {
    if (win.fetch === wrapped) win.fetch = original;
  };
}
