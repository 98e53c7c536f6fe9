import { describe, expect, it } from 'vitest';
import { registerFormSchema } from '@/lib/domain/auth/register-schemas';
import { firstInvalidField, REGISTER_FIELDS, registerServerErrors } from './register-fields';

/** The errors object react-hook-form's zod resolver makes: one entry per field with a problem. */
async function errorsOf(input: Record<string, unknown>) {
  const result = await registerFormSchema.safeParseAsync(input);
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= { message: issue.message };
  return errors;
}

const VALID = {
  ad_soyad: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  telefon: '+905321234567',
  meslek: 'Influencer',
  sifre: 'secret-password',
  sifre_tekrar: 'secret-password',
  terms: true,
};

describe('the register form’s focus after a refused submit', () => {
  it('lists the fields in the order they are on the screen', () => {
    expect(REGISTER_FIELDS).toEqual(['ad_soyad', 'email', 'telefon', 'meslek', 'sifre', 'sifre_tekrar', 'terms']);
  });

  it('goes to the name when everything is empty, whatever order the schema reports the problems in', async () => {
    const errors = await errorsOf({ ad_soyad: '', email: '', telefon: '', meslek: '', sifre: '', sifre_tekrar: '', terms: false });
    expect(firstInvalidField(REGISTER_FIELDS, { sifre: {}, terms: {}, ad_soyad: {} })).toBe('ad_soyad');
    expect(firstInvalidField(REGISTER_FIELDS, errors)).toBe('ad_soyad');
  });

  it('goes to the phone input, the confirmation or the terms box when that is the first problem', async () => {
    expect(firstInvalidField(REGISTER_FIELDS, await errorsOf({ ...VALID, telefon: '', terms: false }))).toBe('telefon');
    expect(firstInvalidField(REGISTER_FIELDS, await errorsOf({ ...VALID, sifre_tekrar: 'secret-passwore' }))).toBe('sifre_tekrar');
    expect(firstInvalidField(REGISTER_FIELDS, await errorsOf({ ...VALID, terms: false }))).toBe('terms');
    expect(firstInvalidField(REGISTER_FIELDS, await errorsOf(VALID))).toBeUndefined();
  });
});

describe('the register API’s refusals, placed under their fields', () => {
  it('puts a taken e-mail under the e-mail and each validation error under its field', () => {
    expect(registerServerErrors({ code: 'EMAIL_TAKEN', mesaj: 'Bu e-posta adresi zaten kayıtlı.' })).toEqual({ email: 'Bu e-posta adresi zaten kayıtlı.' });
    expect(
      registerServerErrors({
        code: 'VALIDATION_FAILED',
        mesaj: 'Geçerli bir telefon numarası girin.',
        errors: [
          { path: 'telefon', mesaj: 'Geçerli bir telefon numarası girin.' },
          { path: 'telefon', mesaj: 'second problem of the same field' },
          { path: 'sifre', mesaj: 'Şifre en az 6 karakter olmalıdır.' },
          { path: 'unknown', mesaj: 'x' },
        ],
      }),
    ).toEqual({ telefon: 'Geçerli bir telefon numarası girin.', sifre: 'Şifre en az 6 karakter olmalıdır.' });
  });

  it('leaves anything else to the toast', () => {
    expect(registerServerErrors({ code: 'RATE_LIMITED', mesaj: 'Çok fazla deneme.' })).toEqual({});
    expect(registerServerErrors({ code: 'VALIDATION_FAILED', mesaj: 'x' })).toEqual({});
    expect(registerServerErrors({})).toEqual({});
  });
});
