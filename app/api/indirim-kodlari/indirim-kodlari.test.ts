import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import { discountCodes } from '@/db/schema';
import { parseEndDate } from '@/lib/domain/discounts';
import * as list from './route';
import * as byId from './[id]/route';
import * as validate from './validate/route';

const f = setupAdmin();
let p1: number;
let p2: number;
beforeAll(async () => {
  p1 = await f.makePackage({ ad: 'Bir' });
  p2 = await f.makePackage({ ad: 'İki' });
});

type Code = { id: number; kod: string; paket_id: number[]; aktif: boolean; bitis_tarihi: string; bitis_gunu: string; kullanilan_sayisi: number };
const body = (over: object = {}) => ({ kod: 'yaz25', paket_id: [p1], indirim_yuzdesi: 25, maksimum_kullanim: 10, bitis_tarihi: '2999-12-31', aktif: true, ...over });
const create = (over: object = {}) => call(list.POST, { token: f.adminToken, body: body(over) });
const check = (kod: string, paketId: number, token = f.userToken) => call(validate.POST, { token, body: { kod, paketId } });

describe('discount codes for admins', () => {
  it('creates a code upper-cased, with paket_id given as a JSON string', async () => {
    const res = await create({ paket_id: JSON.stringify([p1, p2]) });
    expect(res.status).toBe(201);
    expect(res.body.indirim_kodu).toMatchObject({ kod: 'YAZ25', paket_id: [p1, p2], indirim_yuzdesi: 25, kullanilan_sayisi: 0, maksimum_kullanim: 10, aktif: true, bitis_gunu: '2999-12-31' });
    const list2 = await call(list.GET, { token: f.adminToken });
    expect((list2.body.indirim_kodlari as Code[]).map((c) => c.kod)).toContain('YAZ25');
  });

  it('refuses the same code again in any case', async () => {
    const res = await create({ kod: ' Yaz25 ' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DISCOUNT_CODE_TAKEN');
  });

  it('enforces the §5 form rules with their messages', async () => {
    expect((await create({ kod: '' })).body.mesaj).toBe('Kod, en az bir paket, indirim yüzdesi, maksimum kullanım ve bitiş tarihi zorunludur.');
    expect((await create({ kod: 'A1', paket_id: [] })).body.mesaj).toBe('Lütfen en az bir paket seçin.');
    expect((await create({ kod: 'A2', indirim_yuzdesi: 0 })).body.mesaj).toBe('İndirim yüzdesi 1 ile 100 arasında olmalıdır.');
    expect((await create({ kod: 'A3', indirim_yuzdesi: 101 })).body.mesaj).toBe('İndirim yüzdesi 1 ile 100 arasında olmalıdır.');
    expect((await create({ kod: 'A4', maksimum_kullanim: 0 })).body.mesaj).toBe('Maksimum kullanım en az 1 olmalıdır.');
    expect((await create({ kod: 'A5', bitis_tarihi: '' })).body.mesaj).toBe('Kod, en az bir paket, indirim yüzdesi, maksimum kullanım ve bitiş tarihi zorunludur.');
    expect((await create({ kod: 'A6', bitis_tarihi: '2001-01-01' })).body.code).toBe('DISCOUNT_DATE_PAST');
    expect((await create({ kod: 'A7', paket_id: [999999] })).body.code).toBe('PACKAGE_NOT_FOUND');
  });

  it('reads a bare end date as the end of that day in APP_TIMEZONE', () => {
    expect(parseEndDate('2030-06-15', 'Europe/Istanbul').toISOString()).toBe('2030-06-15T20:59:59.999Z');
    expect(parseEndDate('2030-01-15', 'Europe/Berlin').toISOString()).toBe('2030-01-15T22:59:59.999Z');
  });

  it('toggles a code with the full body and a changed aktif, and audits it as a toggle', async () => {
    const code = (await create({ kod: 'TOGGLE' })).body.indirim_kodu as Code;
    const res = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(code.id) }, body: { ...code, aktif: false, kullanilan_sayisi: 9 } });
    expect(res.status).toBe(200);
    expect(res.body.indirim_kodu).toMatchObject({ aktif: false, kullanilan_sayisi: 0, bitis_tarihi: code.bitis_tarihi });
    const [audit] = await f.auditOf('discount.toggle');
    expect(audit).toMatchObject({ entityId: String(code.id), before: { aktif: true }, after: { aktif: false } });
  });

  it('edits packages and percent through the form body', async () => {
    const code = (await create({ kod: 'EDIT' })).body.indirim_kodu as Code;
    const res = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(code.id) }, body: body({ kod: 'edit', paket_id: [p2], indirim_yuzdesi: 40 }) });
    expect(res.body.indirim_kodu).toMatchObject({ kod: 'EDIT', paket_id: [p2], indirim_yuzdesi: 40 });
  });

  it('never lowers the maximum below the uses so far', async () => {
    const code = (await create({ kod: 'USED' })).body.indirim_kodu as Code;
    await f.t.db.update(discountCodes).set({ kullanilanSayisi: 5 }).where(eq(discountCodes.id, code.id));
    const res = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(code.id) }, body: { maksimum_kullanim: 4 } });
    expect(res.status).toBe(400);
    expect(res.body.mesaj).toBe('Maksimum kullanım, şimdiye kadarki kullanımdan (5) az olamaz.');
    const del = await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(code.id) } });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('DISCOUNT_CODE_IN_USE');
  });

  it('deletes an unused code', async () => {
    const code = (await create({ kod: 'GONE' })).body.indirim_kodu as Code;
    expect((await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(code.id) } })).status).toBe(200);
    expect((await f.t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id))).length).toBe(0);
    expect((await f.auditOf('discount.delete')).at(-1)).toMatchObject({ entityId: String(code.id), before: { kod: 'GONE' } });
  });
});

describe('POST /api/indirim-kodlari/validate', () => {
  it('answers the percentage for a valid code, trimmed and upper-cased', async () => {
    await create({ kod: 'OK10', indirim_yuzdesi: 10, paket_id: [p1, p2] });
    const res = await check('  ok10 ', p2);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, indirim_yuzdesi: 10, mesaj: 'İndirim kodu uygulandı: %10 indirim.' });
  });

  it('refuses an empty, unknown, passive, expired, used-up or other-package code', async () => {
    expect((await check('  ', p1)).body.mesaj).toBe('Lütfen bir indirim kodu girin.');
    expect((await check('NOPE', p1)).body.code).toBe('DISCOUNT_CODE_INVALID');
    const passive = (await create({ kod: 'PASSIVE', aktif: false })).body.indirim_kodu as Code;
    expect(passive.aktif).toBe(false);
    expect((await check('passive', p1)).body.code).toBe('DISCOUNT_CODE_INVALID');
    const old = (await create({ kod: 'OLD' })).body.indirim_kodu as Code;
    await f.t.db.update(discountCodes).set({ bitisTarihi: new Date(Date.now() - 1000) }).where(eq(discountCodes.id, old.id));
    expect((await check('OLD', p1)).body.code).toBe('DISCOUNT_CODE_EXPIRED');
    const full = (await create({ kod: 'FULL', maksimum_kullanim: 2 })).body.indirim_kodu as Code;
    await f.t.db.update(discountCodes).set({ kullanilanSayisi: 2 }).where(eq(discountCodes.id, full.id));
    expect((await check('FULL', p1)).body.code).toBe('DISCOUNT_CODE_USED_UP');
    await create({ kod: 'ONLYONE', paket_id: [p1] });
    const other = await check('ONLYONE', p2);
    expect(other.status).toBe(400);
    expect(other.body.mesaj).toBe('Bu indirim kodu seçilen paket için geçerli değil.');
  });

  it('needs a logged-in customer', async () => {
    expect((await call(validate.POST, { body: { kod: 'OK10', paketId: p1 } })).status).toBe(401);
  });
});
