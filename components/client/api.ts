/**
 * The one API client of the browser (issue #15: there were five fetch wrappers with three
 * conventions). Every page calls our own API through it: same origin (the next-auth session cookie
 * is the credential), `X-Locale` so `mesaj` comes back in the page's language, never cached.
 *
 * - `callApi` never throws: a network failure is `{ok: false, status: 0}`, a body that is not JSON
 *   is `{}`, and `ok` is false for an HTTP error or a `{success: false}` answer.
 * - `apiOrThrow` gives the body of a success and throws an `ApiError` carrying the server's `mesaj`
 *   (else the caller's fallback), status and `code` otherwise.
 * - `errorText` is what a screen shows for any error: the server's words, else its own default.
 *
 * A 401 on a signed-in page is handled once for every call (components/layout/session-expiry.ts).
 */
export type ApiBody = { success?: boolean; code?: string; mesaj?: string; [key: string]: unknown };
/** `json`: whether the answer was a JSON object (a success that is not one is refused by `apiOrThrow`). */
export type ApiResult = { ok: boolean; status: number; body: ApiBody; json: boolean };
/** `locale` is the page's language for `mesaj` (left out, the server answers in its default). */
export type ApiOptions = { locale?: string; method?: string; body?: unknown; signal?: AbortSignal };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly body: ApiBody = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function callApi(path: string, options: ApiOptions): Promise<ApiResult> {
  const hasBody = options.body !== undefined;
  const method = options.method ?? (hasBody ? 'POST' : 'GET');
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      // A write always says JSON (the CSRF check of the route wrapper reads it), even without a body.
      headers: { accept: 'application/json', ...(options.locale ? { 'x-locale': options.locale } : {}), ...(hasBody || method !== 'GET' ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    return { ok: false, status: 0, body: {}, json: false };
  }
  const parsed: unknown = await res.json().catch(() => null);
  const json = !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
  const body = json ? (parsed as ApiBody) : {};
  return { ok: res.ok && body.success !== false, status: res.status, body, json };
}

export async function apiOrThrow<T extends object = ApiBody>(path: string, options: ApiOptions & { fallback?: string }): Promise<T & ApiBody> {
  const result = await callApi(path, options);
  if (!result.ok || !result.json) throw new ApiError(result.body.mesaj || options.fallback || '', result.status, result.body.code, result.body);
  return result.body as T & ApiBody;
}

/** The words a screen shows for an error: the server's `mesaj`, else the screen's own default. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
