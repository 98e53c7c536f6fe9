import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_STATUS, isDatabaseUnavailable } from './errors';
import { PAYMENT_ERROR_CODES } from '../domain/payments/error-codes';

const catalogue = (locale: string) =>
  (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as { Errors: Record<string, unknown> }).Errors;

/** Every SCREAMING_SNAKE literal passed to `new AppError(` in the server's source. */
function thrownCodes(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/new AppError\(\s*'([A-Z0-9_]+)'/g)) found.add(m[1]!);
      }
    }
  };
  for (const dir of ['app', 'lib', 'components']) walk(path.join(process.cwd(), dir));
  return [...found].sort();
}

describe('the error table', () => {
  it.each(['tr', 'en', 'de'])('has a message in %s for every error code', (locale) => {
    const messages = catalogue(locale);
    const missing = ERROR_CODES.filter((code) => typeof messages[code] !== 'string' || !(messages[code] as string).trim());
    expect(missing).toEqual([]);
  });

  it('gives every code an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it('covers every code thrown in the source and every payment code', () => {
    const known = new Set<string>(ERROR_CODES);
    expect(thrownCodes().filter((c) => !known.has(c))).toEqual([]);
    expect(PAYMENT_ERROR_CODES.filter((c) => !known.has(c))).toEqual([]);
  });

  it('takes the status from the table, never from the throw site', () => {
    expect(new AppError('PLATFORM_NOT_FOUND').status).toBe(404);
    expect(new AppError('PLATFORM_INACTIVE', { params: { platform: 'youtube' } }).status).toBe(403);
    expect(new AppError('COOLDOWN_ACTIVE', { params: { remainingSeconds: 3 } }).status).toBe(429);
    // @ts-expect-error the status option is gone: a code has one status.
    expect(new AppError('NOT_FOUND', { status: 200 }).status).toBe(404);
  });
});

describe('isDatabaseUnavailable', () => {
  const coded = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });
  it('knows a lost or refused connection, also wrapped as a cause (drizzle), and nothing else', () => {
    for (const code of ['CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', '57P01', '57P03', '08006']) expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: coded('57P01') }))).toBe(true);
    // A unique violation, a check failure, a syntax error: the request's or the code's fault.
    for (const code of ['23505', '23514', '42601', 'INVALID_API_KEY']) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new AppError('INTERNAL'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
