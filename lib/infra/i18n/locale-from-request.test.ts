import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, localeFromRequest } from './locale-from-request';
import { translate } from './translate';

const req = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });

describe('the language of an API request', () => {
  it('is Turkish when nothing says otherwise', () => {
    expect(localeFromRequest(req('/api/x'))).toBe('tr');
  });

  it('follows Accept-Language by quality, ignoring languages we do not speak', () => {
    expect(fromAcceptLanguage('fr-FR,de;q=0.8,en;q=0.9')).toBe('en');
    expect(fromAcceptLanguage('de-DE')).toBe('de');
    expect(fromAcceptLanguage('fr, es;q=0.5')).toBeUndefined();
  });

  it('prefers ?lng= over the header, the cookie and Accept-Language', () => {
    const r = req('/api/x?lng=de', { 'x-locale': 'en', cookie: 'NEXT_LOCALE=tr', 'accept-language': 'en' });
    expect(localeFromRequest(r)).toBe('de');
  });

  it('uses the NEXT_LOCALE cookie before Accept-Language', () => {
    expect(localeFromRequest(req('/api/x', { cookie: 'a=1; NEXT_LOCALE=en', 'accept-language': 'de' }))).toBe('en');
  });
});

describe('translate', () => {
  it('formats ICU arguments in each language', () => {
    expect(translate('tr', 'Errors.RATE_LIMITED', { seconds: 30 })).toContain('30 saniye');
    expect(translate('de', 'Errors.RATE_LIMITED', { seconds: 5 })).toContain('5 Sekunden');
  });

  it('returns undefined for a key that does not exist', () => {
    expect(translate('en', 'Errors.NO_SUCH_CODE')).toBeUndefined();
    expect(translate('en', 'nodot')).toBeUndefined();
  });
});
