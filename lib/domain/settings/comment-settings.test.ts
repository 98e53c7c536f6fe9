import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, users } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { getAdminSiteSettings, siteSettingsSchema, updateSiteSettings } from './index';
import { twoFactorEnabled } from '@/lib/domain/two-factor';

/** Issue #36 item 6: the blocked words per language and the comment drafts' lifetime in the site settings. */
const base = { site_adi: 'Etki' };

describe('blocked words and the draft lifetime in the settings schema', () => {
  it('takes arrays or one word per line, trims, drops blank lines and repeats', () => {
    const parsed = siteSettingsSchema.parse({ ...base, yasakli_kelimeler: { tr: ' reklam \n\nReklam\nucuz  takipçi', '*': ['http'] }, yorum_taslak_dakika: '45' });
    expect(parsed.yasakli_kelimeler).toEqual({ tr: ['reklam', 'ucuz takipçi'], '*': ['http'] });
    expect(parsed.yorum_taslak_dakika).toBe(45);
  });

  it('refuses an over-long word, a word without letters, NUL, an unknown language and a lifetime out of 1–1440', () => {
    const refused = (input: Record<string, unknown>) => siteSettingsSchema.safeParse({ ...base, ...input }).success === false;
    expect(refused({ yasakli_kelimeler: { en: ['x'.repeat(101)] } })).toBe(true);
    expect(refused({ yasakli_kelimeler: { en: ['!!!'] } })).toBe(true);
    expect(refused({ yasakli_kelimeler: { en: ['a\u0000b'] } })).toBe(true);
    expect(refused({ yasakli_kelimeler: { fr: ['merde'] } })).toBe(true);
    expect(refused({ yasakli_kelimeler: { en: Array.from({ length: 501 }, (_, i) => `w${i}`) } })).toBe(true);
    expect(refused({ yorum_taslak_dakika: 0 })).toBe(true);
    expect(refused({ yorum_taslak_dakika: 1441 })).toBe(true);
    expect(refused({ yorum_taslak_dakika: 1440, yasakli_kelimeler: { en: ['x'.repeat(100)] } })).toBe(false);
  });
});

describe('saving them', () => {
  const t = setupTestDb();
  let actor: { id: number };
  beforeAll(async () => {
    const [admin] = await t.db.insert(users).values({ adSoyad: 'Yönetici', email: 'comments-admin@example.com', passwordHash: 'x', rol: 'admin' }).returning();
    actor = { id: admin!.id };
  });
  const save = (input: Record<string, unknown>) => updateSiteSettings(t.db, actor, siteSettingsSchema.parse({ ...base, ...input }), twoFactorEnabled);

  it('defaults to no words and 30 minutes; saves, keeps languages left out, and audits the change', async () => {
    expect(await getAdminSiteSettings(t.db)).toMatchObject({ yasakli_kelimeler: { tr: [], en: [], de: [], '*': [] }, yorum_taslak_dakika: 30 });
    await save({ yasakli_kelimeler: { tr: ['reklam'], de: ['Werbung'] }, yorum_taslak_dakika: 10 });
    await save({ yasakli_kelimeler: { en: ['spam'] } });
    expect(await getAdminSiteSettings(t.db)).toMatchObject({ yasakli_kelimeler: { tr: ['reklam'], en: ['spam'], de: ['Werbung'], '*': [] }, yorum_taslak_dakika: 10 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(JSON.stringify(entry)).toContain('spam');
  });
});
