import { describe, expect, it } from 'vitest';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import * as list from './route';
import * as admin from './admin/route';
import * as byId from './[id]/route';

const f = setupAdmin();

const body = (over: object = {}) => ({ baslik: 'Bakım', icerik: 'Yarın bakım var.', baslik_en: 'Maintenance', icerik_en: 'Maintenance tomorrow.', oncelik: 0, ...over });
type Duyuru = { id: number; baslik: string; icerik: string; oncelik: number; aktif: boolean };

describe('announcements', () => {
  it('requires Turkish and English title and content, with the §5 message', async () => {
    for (const missing of ['baslik', 'icerik', 'baslik_en', 'icerik_en']) {
      const res = await call(list.POST, { token: f.adminToken, body: body({ [missing]: '  ' }) });
      expect(res.status).toBe(400);
      expect(res.body.mesaj).toBe('Türkçe ve İngilizce başlık ve içerik zorunludur.');
    }
    const res = await call(list.POST, { token: f.adminToken, body: body({ oncelik: 2 }) });
    expect(res.body.mesaj).toBe('Öncelik 0 (Normal) veya 1 (Öncelikli) olmalıdır.');
  });

  it('lists active ones publicly in the asked language, priority first, Turkish for unknown languages', async () => {
    await call(list.POST, { token: f.adminToken, body: body() });
    await call(list.POST, { token: f.adminToken, body: body({ baslik: 'Önemli', baslik_en: 'Important', oncelik: 1 }) });
    const en = await call(list.GET, { path: '/api/duyurular?lang=en' });
    expect((en.body.duyurular as Duyuru[]).map((d) => d.baslik)).toEqual(['Important', 'Maintenance']);
    const tr = await call(list.GET, { path: '/api/duyurular' });
    expect((tr.body.duyurular as Duyuru[]).map((d) => d.baslik)).toEqual(['Önemli', 'Bakım']);
    const fr = await call(list.GET, { path: '/api/duyurular?lang=fr' });
    expect((fr.body.duyurular as Duyuru[]).map((d) => d.baslik)).toEqual(['Önemli', 'Bakım']);
  });

  it('answers German for lang=de, and English where the German texts are empty (issue #15)', async () => {
    const german = (await call(list.POST, { token: f.adminToken, body: body({ baslik_de: 'Wartung', icerik_de: 'Morgen ist Wartung.', oncelik: 1 }) })).body.duyuru as Duyuru;
    expect(german).toMatchObject({ baslik_de: 'Wartung', icerik_de: 'Morgen ist Wartung.' });
    // Left out, blank, or only a title: English stands in for both title and content.
    const none = (await call(list.POST, { token: f.adminToken, body: body({ baslik_en: 'Only English', oncelik: 1 }) })).body.duyuru as Duyuru;
    const blank = (await call(list.POST, { token: f.adminToken, body: body({ baslik_en: 'Blank German', baslik_de: '   ', icerik_de: '', oncelik: 1 }) })).body.duyuru as Duyuru;
    const half = (await call(list.POST, { token: f.adminToken, body: body({ baslik_en: 'Half German', baslik_de: 'Halb', oncelik: 1 }) })).body.duyuru as Duyuru;
    const de = (await call(list.GET, { path: '/api/duyurular?lang=de' })).body.duyurular as Duyuru[];
    const shown = (id: number) => de.find((d) => d.id === id);
    expect(shown(german.id)).toMatchObject({ baslik: 'Wartung', icerik: 'Morgen ist Wartung.' });
    expect(shown(none.id)).toMatchObject({ baslik: 'Only English', icerik: 'Maintenance tomorrow.' });
    expect(shown(blank.id)).toMatchObject({ baslik: 'Blank German', icerik: 'Maintenance tomorrow.' });
    expect(shown(half.id)).toMatchObject({ baslik: 'Half German', icerik: 'Maintenance tomorrow.' });
    expect(de.some((d) => 'baslik_de' in d || 'baslik_en' in d)).toBe(false);
    // Other languages never see the German texts; the admin list has them; an edit can clear them.
    expect(((await call(list.GET, { path: '/api/duyurular?lang=en' })).body.duyurular as Duyuru[]).find((d) => d.id === german.id)?.baslik).toBe('Maintenance');
    expect(((await call(list.GET)).body.duyurular as Duyuru[]).find((d) => d.id === german.id)?.baslik).toBe('Bakım');
    const all = (await call(admin.GET, { token: f.adminToken })).body.duyurular as Duyuru[];
    expect(all.find((d) => d.id === half.id)).toMatchObject({ baslik_de: 'Halb', icerik_de: '' });
    await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(german.id) }, body: body({ oncelik: 1 }) });
    expect(((await call(list.GET, { path: '/api/duyurular?lang=de' })).body.duyurular as Duyuru[]).find((d) => d.id === german.id)?.baslik).toBe('Maintenance');
  });

  it('limits the German texts like the others, and says so', async () => {
    const long = await call(list.POST, { token: f.adminToken, body: body({ baslik_de: 'x'.repeat(201), icerik_de: 'ok' }) });
    expect(long.status).toBe(400);
    expect(long.body.mesaj).toBe('Başlık en fazla 200, içerik en fazla 5000 karakter olabilir.');
    expect((await call(list.POST, { token: f.adminToken, body: body({ baslik_de: 'T', icerik_de: 'x'.repeat(5001) }) })).status).toBe(400);
  });

  it('hides a passive announcement from the public list but not from the admin list', async () => {
    const created = (await call(list.POST, { token: f.adminToken, body: body({ baslik: 'Gizli' }) })).body.duyuru as Duyuru;
    const res = await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(created.id) }, body: body({ baslik: 'Gizli', aktif: false }) });
    expect(res.body.duyuru).toMatchObject({ aktif: false });
    expect(((await call(list.GET)).body.duyurular as Duyuru[]).some((d) => d.id === created.id)).toBe(false);
    const all = (await call(admin.GET, { token: f.adminToken })).body.duyurular as (Duyuru & { baslik_en: string })[];
    expect(all.find((d) => d.id === created.id)).toMatchObject({ baslik: 'Gizli', baslik_en: 'Maintenance', aktif: false });
    // An edit without `aktif` keeps the state.
    await call(byId.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(created.id) }, body: body({ baslik: 'Hâlâ gizli' }) });
    expect(((await call(list.GET)).body.duyurular as Duyuru[]).some((d) => d.id === created.id)).toBe(false);
  });

  it('deletes an announcement and keeps its text in the audit log', async () => {
    const created = (await call(list.POST, { token: f.adminToken, body: body({ baslik: 'Silinecek' }) })).body.duyuru as Duyuru;
    expect((await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(created.id) } })).status).toBe(200);
    expect((await call(byId.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(created.id) } })).body.code).toBe('ANNOUNCEMENT_NOT_FOUND');
    expect((await f.auditOf('announcement.delete'))[0]!.before).toMatchObject({ baslik: 'Silinecek' });
  });
});
