import { describe, expect, it } from 'vitest';
import compile from 'icu-minify/compile';
import tr from './tr.json';
import en from './en.json';
import de from './de.json';

const flat = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v as object, `${p}${k}.`) : [`${p}${k}`]));

describe('message catalogues', () => {
  it('have exactly the same keys in Turkish, English and German', () => {
    const keys = flat(tr).sort();
    expect(flat(en).sort()).toEqual(keys);
    expect(flat(de).sort()).toEqual(keys);
  });

  it('have no empty strings', () => {
    for (const catalogue of [tr, en, de]) {
      const empty = flat(catalogue).filter((key) => {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('are all ICU messages that parse (a literal brace is quoted: \'{\'…\'}\')', () => {
    // next-intl shows the key instead of a message it cannot parse (/docs/api showed
    // "ApiDocs.errorsText" for a JSON example in braces).
    for (const catalogue of [tr, en, de]) {
      const broken = flat(catalogue).filter((key) => {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue) as string;
        try {
          compile(value);
          return false;
        } catch {
          return true;
        }
      });
      expect(broken).toEqual([]);
    }
  });
});
