'use client';

import { callApi, type ApiResult } from '@/components/client/api';

/**
 * The browser's calls of the auth pages. Same-origin requests carry the next-auth cookie; the
 * X-Locale header makes `mesaj` come back in the page's language.
 */
export type { ApiResult } from '@/components/client/api';

/** A JSON call of an auth page through the one API client (components/client/api.ts); never throws. */
export function sendJson(url: string, body: unknown, locale: string, method = 'POST'): Promise<ApiResult> {
  return callApi(url, { method, body, locale });
}

export function getJson(url: string, locale: string): Promise<ApiResult> {
  return callApi(url, { locale });
}

const STORED = ['user_token', 'user_data', 'admin_token'] as const;

/**
 * Turns a bearer token from login into the httpOnly next-auth cookie session (the source of truth
 * for pages) and keeps the §3 client-stored values for compatibility (Socket.IO, API calls).
 */
export async function startSession(token: string, kullanici: unknown, kind: 'user' | 'admin'): Promise<boolean> {
  // next-auth's browser client loads only when a session starts (it is ~15 KB a visitor's page never runs).
  const { signIn } = await import('next-auth/react');
  const res = await signIn('token', { token, redirect: false });
  if (!res || res.error || res.ok === false) return false;
  try {
    if (kind === 'admin') {
      window.localStorage.setItem('admin_token', token);
    } else {
      window.localStorage.setItem('user_token', token);
      window.localStorage.setItem('user_data', JSON.stringify({ ...(kullanici as object), token }));
    }
  } catch {
    // Storage may be disabled; the cookie session still works.
  }
  return true;
}

/** §4 logout: clears user_token, user_data and admin_token. */
export function clearStoredSession(): void {
  try {
    for (const key of STORED) window.localStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
