import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { registerFormSchema, registerSchema, type RegisterFormInput } from './register-schemas';

const VALID: RegisterFormInput = {
  ad_soyad: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  telefon: '+905321234567',
  meslek: 'Influencer',
  sifre: 'secret-password',
  sifre_tekrar: 'secret-password',
  terms: true,
};

/** The message of each field's first problem, as the form (zodResolver) shows it under the field. */
async function fieldMessages(input: Record<string, unknown>, schema: typeof registerFormSchema | typeof registerSchema = registerFormSchema) {
  const result = await schema.safeParseAsync(input);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the register schema (issue #32 item 7)', () => {
  it('gives every empty field its own message, never one generic text', async () => {
    expect(await fieldMessages({ ad_soyad: '', email: '', telefon: '', meslek: '', sifre: '', sifre_tekrar: '', terms: false })).toEqual({
      ad_soyad: 'Validation.name_required',
      email: 'Validation.email_required',
      telefon: 'Validation.phone_required',
      meslek: 'Validation.meslek_invalid',
      sifre: 'Validation.password_required',
      sifre_tekrar: 'Validation.password_confirm_required',
      terms: 'Validation.accept_terms_required',
    });
  });

  it('tells a wrong e-mail, phone, profession and short password from a missing one', async () => {
    expect(await fieldMessages({ ...VALID, email: 'not-an-email' })).toEqual({ email: 'Validation.email_invalid' });
    expect(await fieldMessages({ ...VALID, telefon: '+90532' })).toEqual({ telefon: 'Validation.phone_invalid' });
    expect(await fieldMessages({ ...VALID, meslek: 'Astronot' })).toEqual({ meslek: 'Validation.meslek_invalid' });
    expect(await fieldMessages({ ...VALID, sifre: '12345', sifre_tekrar: '12345' })).toEqual({ sifre: 'Validation.password_min_length' });
  });

  it('says the passwords differ under the confirmation, also while other fields are still wrong', async () => {
    expect(await fieldMessages({ ...VALID, sifre_tekrar: 'secret-passwore' })).toEqual({ sifre_tekrar: 'Validation.password_mismatch' });
    expect(await fieldMessages({ ...VALID, ad_soyad: '', terms: false, sifre_tekrar: 'other-password' })).toEqual({
      ad_soyad: 'Validation.name_required',
      terms: 'Validation.accept_terms_required',
      sifre_tekrar: 'Validation.password_mismatch',
    });
  });

  it('is the API’s schema too: the handler refuses a missing field with that field’s message', async () => {
    expect(await fieldMessages({ ...VALID, ad_soyad: '   ' }, registerSchema)).toEqual({ ad_soyad: 'Validation.name_required' });
    expect(await fieldMessages({ ...VALID, telefon: undefined }, registerSchema)).toEqual({ telefon: 'Validation.phone_required' });
    expect((await registerSchema.safeParseAsync(VALID)).success).toBe(true);
    expect((await registerFormSchema.safeParseAsync(VALID)).success).toBe(true);
  });

  it('has a distinct text for each of those messages in tr, en and de', async () => {
    const keys = [
      'name_required',
      'email_required',
      'email_invalid',
      'phone_required',
      'phone_invalid',
      'meslek_invalid',
      'password_required',
      'password_min_length',
      'password_confirm_required',
      'password_mismatch',
      'accept_terms_required',
    ];
    for (const catalogue of [tr, en, de]) {
      const texts = keys.map((key) => (catalogue.Validation as Record<string, string>)[key]);
      texts.forEach((text, i) => expect(text, keys[i]).toBeTruthy());
      expect(new Set(texts).size).toBe(keys.length);
    }
  });
});
