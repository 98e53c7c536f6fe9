import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { announcementSchema } from '@/lib/domain/announcements/schemas';
import { discountSchema, validateDiscountSchema } from '@/lib/domain/discounts/schemas';
import { SEND_SCHEMAS } from '@/lib/domain/operations/schemas';
import { packageSchema } from '@/lib/domain/packages/schemas';
import { createPaymentIntentSchema, quoteSchema } from '@/lib/domain/payments/schemas';
import { siteSettingsSchema } from '@/lib/domain/settings/schemas';
import { loginSchema } from '@/lib/domain/auth/schemas';
import { id, idParam, int, INT4_MAX, INVALID_CHARACTERS, isCleanText, num, text } from './fields';

describe('the shared field helpers', () => {
  it('refuses NUL and lone surrogates in text, and keeps paired ones', () => {
    expect(isCleanText('ğüşıöç 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', 'ok\ud83d']) expect(isCleanText(bad)).toBe(false);
    const field = text({ max: 10 });
    expect(field.parse('  Ada  ')).toBe('Ada');
    const res = field.safeParse('Ad\u0000a');
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(INVALID_CHARACTERS);
    expect(field.safeParse('x'.repeat(11)).success).toBe(false);
    expect(text({ max: 10, trim: false }).parse(' pw ')).toBe(' pw ');
  });

  it('takes ids within int4 from numbers and digit strings, never from booleans', () => {
    expect(id().parse(7)).toBe(7);
    expect(id().parse('7')).toBe(7);
    expect(id().parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 99_999_999_999, '99999999999', true, false, null, '', [], '1e3x']) {
      expect(id().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('parses path ids strictly: digits within int4, else a validation failure', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['99999999999', '2147483648', '0', '-1', 'abc', '1.0', ' 1', '%E0%A4%A', '']) expect(idParam.safeParse(bad).success, bad).toBe(false);
  });

  it('keeps numbers and integers to numbers and numeric strings', () => {
    expect(num().parse('2.5')).toBe(2.5);
    expect(int({ min: 0, max: 10 }).parse('10')).toBe(10);
    for (const bad of [true, null, '', [1], 'NaN', Infinity]) expect(num().safeParse(bad).success, String(bad)).toBe(false);
    expect(int({ min: 0, max: 10 }).safeParse(11).success).toBe(false);
  });
});

describe('the schemas of the API', () => {
  const pkg = { ad: 'Paket', platform_fiyatlari: { instagram: 1, twitter: 1, youtube: 1, tiktok: 1 }, gunluk_limit: 10, profil_limit: 5 };

  it('refuses booleans where package numbers go (issue #14 item 10)', () => {
    expect(packageSchema.safeParse(pkg).success).toBe(true);
    expect(packageSchema.safeParse({ ...pkg, gunluk_limit: '10', platform_fiyatlari: { instagram: '1.5', twitter: 1, youtube: 1, tiktok: 1 } }).success).toBe(true);
    for (const bad of [
      { ...pkg, gunluk_limit: true },
      { ...pkg, profil_limit: true },
      { ...pkg, platform_fiyatlari: { instagram: true, twitter: 1, youtube: 1 } },
      { ...pkg, gunluk_limit: INT4_MAX + 1 },
    ]) {
      expect(packageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses booleans and int4 overflow in every other id and count', () => {
    const send = SEND_SCHEMAS.like;
    expect(send.safeParse({ profile_ids: [true], tweet_url: 'https://x.com/a/status/1' }).success).toBe(false);
    expect(send.safeParse({ profile_ids: [2 ** 31], tweet_url: 'https://x.com/a/status/1' }).success).toBe(false);
    expect(quoteSchema.safeParse({ packageId: true, platformIds: ['twitter'] }).success).toBe(false);
    expect(quoteSchema.safeParse({ packageId: 2 ** 31, platformIds: ['twitter'] }).success).toBe(false);
    expect(createPaymentIntentSchema.safeParse({ packageId: '99999999999', cardholderName: 'A' }).success).toBe(false);
    expect(validateDiscountSchema.safeParse({ kod: 'X', paketId: true }).success).toBe(false);
    expect(discountSchema.safeParse({ kod: 'X', paket_id: [1], indirim_yuzdesi: true, maksimum_kullanim: 1, bitis_tarihi: '2099-01-01' }).success).toBe(false);
    expect(announcementSchema.safeParse({ baslik: 'a', icerik: 'b', baslik_en: 'c', icerik_en: 'd', oncelik: true }).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ site_adi: 'S', cooldown_saniye: true }).success).toBe(false);
  });

  it('keeps the optional German announcement texts to the Turkish and English limits (issue #15)', () => {
    const ann = { baslik: 'a', icerik: 'b', baslik_en: 'c', icerik_en: 'd' };
    expect(announcementSchema.parse(ann)).toMatchObject({ baslik_de: '', icerik_de: '' });
    expect(announcementSchema.parse({ ...ann, baslik_de: '  Titel ', icerik_de: 'x'.repeat(5000) }).baslik_de).toBe('Titel');
    for (const bad of [{ baslik_de: 'x'.repeat(201) }, { icerik_de: 'x'.repeat(5001) }, { baslik_de: 'a\u0000' }, { icerik_de: 5 }]) {
      expect(announcementSchema.safeParse({ ...ann, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(announcementSchema.safeParse({ ...ann, baslik_en: 'x'.repeat(201) }).success).toBe(false);
  });

  it('refuses NUL in any text field', () => {
    expect(loginSchema.safeParse({ email: 'a\u0000@example.com', password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@example.com', password: 'x\u0000' }).success).toBe(false);
    expect(SEND_SCHEMAS.comment.safeParse({ profile_ids: [1], tweet_url: 'https://x.com/a/status/1', prompt: 'hi\u0000' }).success).toBe(false);
  });

  it('builds every string and number of the API schemas with these helpers', () => {
    // A bare z.string() forgets NUL and lone surrogates; z.coerce.number() takes `true` as 1.
    const root = process.cwd();
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/(^|[-/])schemas\.ts$|^route\.ts$|^_[a-z-]+\.ts$|^contract\.ts$/.test(e.name) && !e.name.endsWith('.test.ts')) files.push(full);
      }
    };
    walk(path.join(root, 'lib'));
    walk(path.join(root, 'app', 'api'));
    const offenders = files.flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(root, f)}:${i + 1}` }))
        .filter(({ line }) => /z\.string\(|z\.coerce\./.test(line))
        .map(({ at }) => at),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
