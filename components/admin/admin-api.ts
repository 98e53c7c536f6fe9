'use client';

import { ApiError, apiOrThrow } from '@/components/client/api';

/**
 * Calls an admin endpoint from a /rooting page through the one API client (components/client/api.ts):
 * the answer's localized `mesaj` becomes the error text, else the page's own §8 default.
 */
export { ApiError as AdminApiError, errorText } from '@/components/client/api';

export async function adminApi<T = Record<string, unknown>>(
  url: string,
  options: { method?: string; body?: unknown; locale: string; fallback: string },
): Promise<T> {
  try {
    return (await apiOrThrow<T & object>(url, options)) as T;
  } catch (err) {
    // §8: a 401 under /rooting goes back to the admin login: reloading lets the page guard send it there.
    if (err instanceof ApiError && err.status === 401) window.location.reload();
    throw err;
  }
}
