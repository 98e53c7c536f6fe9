import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiOrThrow, callApi, errorText } from './api';

function answer(status: number, body: string) {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the one API client', () => {
  it('sends the page language, JSON and the session cookie, and reads a success', async () => {
    const fetch = answer(200, '{"success":true,"bakiye":12.5}');
    vi.stubGlobal('fetch', fetch);
    expect(await callApi('/api/x', { locale: 'de', body: { a: 1 } })).toEqual({ ok: true, status: 200, body: { success: true, bakiye: 12.5 }, json: true });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'same-origin', cache: 'no-store' });
    expect(init.headers).toMatchObject({ 'x-locale': 'de', 'content-type': 'application/json', accept: 'application/json' });
  });

  it('never throws from callApi: a refusal, a network failure and a body that is not JSON are results', async () => {
    vi.stubGlobal('fetch', answer(429, '{"success":false,"mesaj":"Zu viele Anfragen","code":"RATE_LIMITED"}'));
    expect(await callApi('/api/x', { locale: 'de' })).toMatchObject({ ok: false, status: 429, body: { code: 'RATE_LIMITED' } });
    vi.stubGlobal('fetch', answer(200, '{"success":false,"mesaj":"Nein"}'));
    expect((await callApi('/api/x', { locale: 'de' })).ok).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await callApi('/api/x', { locale: 'tr' })).toEqual({ ok: false, status: 0, body: {}, json: false });
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    expect(await callApi('/api/x', { locale: 'tr' })).toEqual({ ok: false, status: 502, body: {}, json: false });
  });

  it('apiOrThrow throws the server\'s words with status and code, or the screen\'s default', async () => {
    vi.stubGlobal('fetch', answer(403, '{"success":false,"mesaj":"Paketiniz yok","code":"NO_PACKAGE"}'));
    const err = await apiOrThrow('/api/x', { locale: 'tr', fallback: 'Bir hata oluştu' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Paketiniz yok', status: 403, code: 'NO_PACKAGE' });
    expect(errorText(err, 'Bir hata oluştu')).toBe('Paketiniz yok');

    vi.stubGlobal('fetch', answer(200, 'not json'));
    const odd = await apiOrThrow('/api/x', { locale: 'tr', fallback: 'Bir hata oluştu' }).catch((e: unknown) => e);
    expect(errorText(odd, 'x')).toBe('Bir hata oluştu');
    expect(errorText(new Error('boom'), 'Varsayılan')).toBe('Varsayılan');
  });
});
