import { describe, expect, it, vi } from 'vitest';
import compile from 'icu-minify/compile';
import defaultFormat from 'use-intl/format-message';
import { IntlError, _createCache, _createIntlFormatters } from 'use-intl/core';
import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import formatMessage from './format-message';
import browserFormat from './format-message.browser';
import { precompileMessages } from './precompile';

type Values = Record<string, unknown>;

/** Every leaf of a catalogue (a message, or a compiled message) with its dotted key. */
function leaves(obj: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [[prefix + k, v] as [string, unknown]]));
}

function flatten(obj: Record<string, unknown>): [string, string][] {
  return leaves(obj).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/** Values for every argument and tag a message reads: numbers for plurals and numbers, a date for dates, markup functions for tags. */
function valuesFor(list: unknown, n: number, out: Values = {}): Values {
  if (!Array.isArray(list)) return out;
  for (const node of list) {
    if (!Array.isArray(node)) continue;
    const [name, type, ...rest] = node as [string, unknown, ...unknown[]];
    if (type === undefined) out[name] ??= `«${name}»`;
    else if (type === 2 || type === 3 || type === 4) out[name] = n;
    else if (type === 5 || type === 6) out[name] = new Date(Date.UTC(2026, 10, 24, 9, 30));
    else if (type === 1) {
      const options = rest[0] as Record<string, unknown>;
      out[name] = Object.keys(options).find((k) => k !== 'other') ?? 'other';
      for (const branch of Object.values(options)) valuesFor(branch, n, out);
    } else {
      out[name] = (chunks: string[]) => `<${name}>${chunks.join('')}</${name}>`;
      valuesFor([type, ...rest], n, out);
    }
  }
  return out;
}

function options(locale: string) {
  const cache = _createCache();
  return { cache, formatters: _createIntlFormatters(cache), locale, timeZone: 'Europe/Istanbul' };
}

describe('the message formatter without intl-messageformat', () => {
  for (const [locale, catalogue] of [['tr', tr], ['en', en], ['de', de]] as const) {
    it(`formats every ${locale} message as next-intl's default formatter does (0, 1 and 1234 for counts)`, () => {
      const opts = options(locale);
      let checked = 0;
      for (const [key, message] of flatten(catalogue as Record<string, unknown>)) {
        let ast: unknown;
        try {
          ast = compile(message);
        } catch {
          // Not ICU (templates the server fills itself): both formatters must refuse it alike.
          expect(() => defaultFormat(key, message, {}, opts as never)).toThrow(IntlError);
          expect(() => formatMessage(key, message, {}, opts as never)).toThrow(IntlError);
          continue;
        }
        for (const n of [0, 1, 1234]) {
          const values = valuesFor(ast, n);
          const given = Object.keys(values).length ? values : undefined;
          const expected = defaultFormat(key, message, given as never, opts as never);
          const actual = formatMessage(key, message, given as never, opts as never);
          expect(Array.isArray(actual) ? actual.join('') : actual, `${locale} ${key} (${n})`).toBe(Array.isArray(expected) ? expected.join('') : expected);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it('refuses a message whose value is missing, and an unparsable message, with next-intl errors', () => {
    const opts = options('en');
    expect(() => formatMessage('a.b', '{count} followers', {}, opts as never)).toThrow(IntlError);
    expect(() => formatMessage('a.b', '{count, plural, one {# x}', { count: 1 }, opts as never)).toThrow(IntlError);
    expect(formatMessage('a.b', 'No placeholders', undefined, opts as never)).toBe('No placeholders');
    expect(formatMessage('a.b', "It''s '{'literal'}'", {}, opts as never)).toBe("It's {literal}");
  });

  it('asks Intl for nothing when a message only inserts text', () => {
    const opts = options('en');
    const calls: string[] = [];
    const spy = {
      ...opts,
      formatters: {
        getNumberFormat: (...a: unknown[]) => (calls.push('number'), (opts.formatters.getNumberFormat as (...x: unknown[]) => Intl.NumberFormat)(...a)),
        getDateTimeFormat: (...a: unknown[]) => (calls.push('date'), (opts.formatters.getDateTimeFormat as (...x: unknown[]) => Intl.DateTimeFormat)(...a)),
        getPluralRules: (...a: unknown[]) => (calls.push('plural'), (opts.formatters.getPluralRules as (...x: unknown[]) => Intl.PluralRules)(...a)),
      },
    };
    const resolve = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    expect(formatMessage('k', '{count} followers · {name}', { count: 1200, name: 'x' }, spy as never)).toBe('1200 followers · x');
    expect(calls).toEqual([]);
    // next-intl's default formatter resolves the locale through Intl for the same message (the first
    // such call in a page loads the browser's ICU number data).
    expect(resolve).not.toHaveBeenCalled();
    defaultFormat('k', '{count} followers · {name}', { count: 1200, name: 'x' }, spy as never);
    expect(resolve).toHaveBeenCalled();
    resolve.mockRestore();
    expect(formatMessage('k', '{n, plural, one {# profile} other {# profiles}}', { n: 3 }, spy as never)).toBe('3 profiles');
    expect(calls).toContain('plural');
  });
});

describe('the messages a page sends to the browser, compiled on the server', () => {
  for (const [locale, catalogue] of [['tr', tr], ['en', en], ['de', de]] as const) {
    it(`format in the browser as the server formats the catalogue's text (every ${locale} message, 0, 1 and 1234 for counts)`, () => {
      const opts = options(locale);
      const sent = precompileMessages(catalogue as Record<string, unknown>);
      const compiledForm = new Map(leaves(sent));
      let checked = 0;
      for (const [key, message] of flatten(catalogue as Record<string, unknown>)) {
        const arrived = compiledForm.get(key);
        let ast: unknown;
        try {
          ast = compile(message);
        } catch {
          // A template the server fills itself is sent as text, and refused where it is used, as before.
          expect(arrived).toBe(message);
          expect(() => browserFormat(key, arrived as string, {}, opts as never)).toThrow(IntlError);
          continue;
        }
        for (const n of [0, 1, 1234]) {
          const values = valuesFor(ast, n);
          const given = Object.keys(values).length ? values : undefined;
          const expected = formatMessage(key, message, given as never, opts as never);
          const inBrowser = browserFormat(key, arrived as string, given as never, opts as never);
          // Server rendering of a client component formats the compiled form too.
          const onServer = formatMessage(key, arrived as string, given as never, opts as never);
          const text = (r: unknown) => (Array.isArray(r) ? r.join('') : r);
          expect(text(inBrowser), `${locale} ${key} (${n})`).toBe(text(expected));
          expect(text(onServer), `${locale} ${key} (${n})`).toBe(text(expected));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
    });
  }

  it('are arrays only when compiled: the catalogues hold no arrays, and plain text stays text', () => {
    for (const catalogue of [tr, en, de]) {
      const arrays = leaves(catalogue as Record<string, unknown>).filter(([, v]) => Array.isArray(v));
      expect(arrays).toEqual([]);
    }
    const sent = precompileMessages({ a: 'Plain text', b: '{count} followers', c: "It''s", d: { e: '<b>x</b>' } });
    expect(sent.a).toBe('Plain text');
    expect(Array.isArray(sent.b)).toBe(true);
    expect(sent.c).toEqual(["It's"]);
    expect(Array.isArray((sent.d as Record<string, unknown>).e)).toBe(true);
    // Plain objects all the way down: React passes nothing else from a server to a client component.
    const plural = precompileMessages({ p: '{n, plural, one {# x} other {# xs}}' }).p as unknown[];
    const branches = (plural[0] as unknown[])[2] as object;
    expect(Object.getPrototypeOf(branches)).toBe(Object.prototype);
  });

  it('refuse, in the browser, a message with ICU syntax that was not compiled, and a missing value', () => {
    const opts = options('en');
    expect(() => browserFormat('a.b', '{count} followers', { count: 1 }, opts as never)).toThrow(IntlError);
    const sent = precompileMessages({ m: '{count} followers' });
    expect(() => browserFormat('a.m', sent.m as string, {}, opts as never)).toThrow(IntlError);
    expect(browserFormat('a.m', sent.m as string, { count: 3 }, opts as never)).toBe('3 followers');
    expect(browserFormat('a.p', 'Plain, with a value given', { count: 3 }, opts as never)).toBe('Plain, with a value given');
    expect(() => browserFormat('a', { nested: 'x' } as never, {}, opts as never)).toThrow(IntlError);
  });
});

describe('the build', () => {
  it('puts these formatters in place of next-intl’s: the browser’s for client bundles, the other for server code and server rendering', async () => {
    const configPath = '@/next.config.mjs';
    const { default: config } = (await import(/* @vite-ignore */ configPath)) as { default: import('next').NextConfig };
    expect(config.turbopack?.resolveAlias?.['use-intl/format-message']).toEqual({ browser: './lib/infra/i18n/format-message.browser.ts', default: './lib/infra/i18n/format-message.ts' });
  });
});
