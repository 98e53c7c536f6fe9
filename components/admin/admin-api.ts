'use client';

/**
 * Calls an admin endpoint from a /rooting page. The browser's next-auth session cookie is the
 * credential (same origin); the answer's localized `mesaj` becomes the error text, else the
 * page's own §8 default.
 */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function adminApi<T = Record<string, unknown>>(
  url: string,
  options: { method?: string; body?: unknown; locale: string; fallback: string },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? 'GET',
      headers: { 'content-type': 'application/json', 'x-locale': options.locale },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new AdminApiError(options.fallback, 0);
  }
  const json = (await res.json().catch(() => ({}))) as { success?: boolean; mesaj?: string; code?: string };
  if (res.status === 401) {
    // §8: a 401 under /rooting goes back to the admin login: reloading lets the page guard send it there.
    window.location.reload();
  }
  if (!res.ok || json.success === false) throw new AdminApiError(json.mesaj || options.fallback, res.status, json.code);
  return json as T;
}

export function errorText(err: unknown, fallback: string): string {
  return err instanceof AdminApiError ? err.message : fallback;
}
