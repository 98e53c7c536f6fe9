import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { getAdminSiteSettings, getSiteSettings, siteSettingsSchema, updateSiteSettings } from './index';
import { twoFactorEnabled } from '@/lib/domain/two-factor';
import { COMPANY_LIMITS } from './schemas';

/** Issue #32 "Who we are": the company details of the site settings. */
const base = { site_adi: 'Etki' };
const company = {
  sirket_unvani: 'Örnek Dijital Hizmetler A.Ş.',
  sirket_adresi: 'Levent Mah. Büyükdere Cad. No: 1\nBeşiktaş / İstanbul',
  sirket_sicil_no: 'Vergi No 1234567890',
  destek_eposta: 'destek@ornek.com.tr',
};

/** The message keys of a refused input, by field. */
function refusal(input: Record<string, unknown>): Record<string, string[]> {
  const parsed = siteSettingsSchema.safeParse({ ...base, ...input });
  if (parsed.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
}

describe('the company details in the settings schema', () => {
  it('accepts them, each one empty, or none at all', () => {
    expect(siteSettingsSchema.parse({ ...base, ...company })).toMatchObject(company);
    expect(siteSettingsSchema.parse({ ...base, sirket_unvani: '', sirket_adresi: '', sirket_sicil_no: '', destek_eposta: '' })).toMatchObject({ destek_eposta: '' });
    const none = siteSettingsSchema.parse(base);
    for (const key of Object.keys(company)) expect(none).not.toHaveProperty(key);
  });

  it('refuses a value longer than its limit', () => {
    expect(refusal({ sirket_unvani: 'x'.repeat(COMPANY_LIMITS.legalName + 1) })).toEqual({ sirket_unvani: ['SettingsValidation.legalNameTooLong'] });
    expect(refusal({ sirket_adresi: 'x'.repeat(COMPANY_LIMITS.address + 1) })).toEqual({ sirket_adresi: ['SettingsValidation.addressTooLong'] });
    expect(refusal({ sirket_sicil_no: 'x'.repeat(COMPANY_LIMITS.registrationNumber + 1) })).toEqual({ sirket_sicil_no: ['SettingsValidation.registrationTooLong'] });
    const longEmail = `${'a'.repeat(COMPANY_LIMITS.supportEmail)}@example.com`;
    expect(refusal({ destek_eposta: longEmail }).destek_eposta).toContain('SettingsValidation.supportEmailInvalid');
    // At the limit exactly is fine.
    expect(refusal({ sirket_unvani: 'x'.repeat(COMPANY_LIMITS.legalName), sirket_adresi: 'y'.repeat(COMPANY_LIMITS.address) })).toEqual({});
  });

  it('refuses NUL and lone surrogates in every field', () => {
    for (const key of Object.keys(company) as (keyof typeof company)[]) {
      expect(refusal({ [key]: `a\u0000${company[key]}` })[key], key).toContain('Validation.invalid_characters');
      expect(refusal({ [key]: `${company[key]}\ud800` })[key], key).toContain('Validation.invalid_characters');
    }
  });

  it('refuses a support address that is not an e-mail address or would break its mailto: link', () => {
    for (const bad of ['destek', 'destek@', '@ornek.com', 'destek@ornek', 'iki kelime@ornek.com', 'a@b@ornek.com', 'destek@ornek.com?subject=x', 'destek@ornek.com#x', '<destek@ornek.com>', 'destek@ornek..com', 'destek@ornek.com.']) {
      expect(refusal({ destek_eposta: bad }), bad).toEqual({ destek_eposta: ['SettingsValidation.supportEmailInvalid'] });
    }
    expect(refusal({ destek_eposta: 42 })).toEqual({ destek_eposta: ['SettingsValidation.supportEmailInvalid'] });
    expect(refusal({ destek_eposta: 'support+tr@mail.example.de' })).toEqual({});
  });

  it('trims the values and keeps the address on its own lines', () => {
    const parsed = siteSettingsSchema.parse({ ...base, sirket_unvani: '  Örnek A.Ş. ', sirket_adresi: ' Satır 1\r\nSatır 2\rSatır 3 ', destek_eposta: ' destek@ornek.com ' });
    expect(parsed).toMatchObject({ sirket_unvani: 'Örnek A.Ş.', sirket_adresi: 'Satır 1\nSatır 2\nSatır 3', destek_eposta: 'destek@ornek.com' });
  });
});

describe('saving the company details', () => {
  const t = setupTestDb();
  let actor: { id: number };
  beforeAll(async () => {
    const [admin] = await t.db.insert(users).values({ adSoyad: 'Yönetici', email: 'company-admin@example.com', passwordHash: 'x', rol: 'admin' }).returning();
    actor = { id: admin!.id };
  });

  const save = (input: Record<string, unknown>) => updateSiteSettings(t.db, actor, siteSettingsSchema.parse({ ...base, ...input }), twoFactorEnabled);

  it('reads them as empty before an admin sets them', async () => {
    expect(await getSiteSettings(t.db)).toMatchObject({ sirket_unvani: '', sirket_adresi: '', sirket_sicil_no: '', destek_eposta: '' });
  });

  it('saves them and reads them back, publicly and in the admin form', async () => {
    expect(await save(company)).toMatchObject(company);
    expect(await getSiteSettings(t.db)).toMatchObject({ site_adi: 'Etki', ...company });
    expect(await getAdminSiteSettings(t.db)).toMatchObject(company);
  });

  it('keeps them when a save leaves them out, and clears one saved as empty', async () => {
    await save(company);
    await save({ site_aciklama: 'Yeni açıklama' });
    expect(await getSiteSettings(t.db)).toMatchObject({ site_aciklama: 'Yeni açıklama', ...company });
    await save({ sirket_sicil_no: '', destek_eposta: '' });
    expect(await getSiteSettings(t.db)).toMatchObject({ sirket_unvani: company.sirket_unvani, sirket_adresi: company.sirket_adresi, sirket_sicil_no: '', destek_eposta: '' });
  });
});
