import { describe, expect, it } from 'vitest';
import { packageName, packageNameOfParams, packageNameParams, packageSchema, subscriptionName } from './index';

const names = { ad: 'Başlangıç', nameEn: 'Starter', nameDe: 'Einsteiger' };

describe('a package’s name in the reader’s language', () => {
  it('gives German readers the German name, else the English, else the Turkish', () => {
    expect(packageName(names, 'de')).toBe('Einsteiger');
    expect(packageName({ ...names, nameDe: null }, 'de')).toBe('Starter');
    expect(packageName({ ...names, nameDe: '', nameEn: null }, 'de')).toBe('Başlangıç');
  });

  it('gives English readers the English name, else the Turkish, and everyone else the Turkish', () => {
    expect(packageName(names, 'en')).toBe('Starter');
    expect(packageName({ ...names, nameEn: null }, 'en')).toBe('Başlangıç');
    expect(packageName(names, 'tr')).toBe('Başlangıç');
    expect(packageName(names, 'fr')).toBe('Başlangıç');
  });

  it('names a subscription by its package’s current name, and by the copy made at purchase only without the package', () => {
    expect(subscriptionName('Eski ad', names, 'en')).toBe('Starter');
    expect(subscriptionName('Eski ad', names, 'tr')).toBe('Başlangıç');
    expect(subscriptionName('Eski ad', null, 'de')).toBe('Eski ad');
  });

  it('carries every name into a notice’s params and reads the reader’s one back', () => {
    expect(packageNameParams(names)).toEqual({ package: 'Başlangıç', package_en: 'Starter', package_de: 'Einsteiger' });
    expect(packageNameParams({ ad: 'Ajans', nameEn: null, nameDe: null })).toEqual({ package: 'Ajans' });
    const params = { ...packageNameParams({ ad: 'Ajans', nameEn: 'Agency', nameDe: null }), amountCents: 100 };
    expect(['tr', 'en', 'de'].map((l) => packageNameOfParams(params, l))).toEqual(['Ajans', 'Agency', 'Agency']);
    expect(packageNameOfParams({ amountCents: 100 }, 'en')).toBeUndefined();
  });
});

describe('the package form’s names', () => {
  const valid = { ad: 'Pro', platform_fiyatlari: { instagram: 1, twitter: 1, youtube: 1, tiktok: 1 }, gunluk_limit: 1, profil_limit: 1 };

  it('requires the Turkish name and makes the others optional: left out stays undefined, empty or null is none', () => {
    expect(packageSchema.safeParse({ ...valid, ad: '' }).success).toBe(false);
    const out = (extra: object) => packageSchema.parse({ ...valid, ...extra });
    expect([out({}).ad_en, out({}).ad_de]).toEqual([undefined, undefined]);
    expect(out({ ad_en: '', ad_de: null })).toMatchObject({ ad_en: null, ad_de: null });
    expect(out({ ad_en: '  Starter  ', ad_de: 'Einsteiger' })).toMatchObject({ ad_en: 'Starter', ad_de: 'Einsteiger' });
  });

  it('limits every name to 120 characters and refuses NUL, lone surrogates and non-text', () => {
    for (const field of ['ad', 'ad_en', 'ad_de']) {
      expect(packageSchema.safeParse({ ...valid, [field]: 'x'.repeat(120) }).success, field).toBe(true);
      for (const bad of ['x'.repeat(121), 'A\u0000B', 'A\uD800B', 7, true]) {
        expect(packageSchema.safeParse({ ...valid, [field]: bad }).success, `${field} ${JSON.stringify(bad)}`).toBe(false);
      }
    }
  });
});
