import { describe, expect, it } from 'vitest';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import * as route from './route';
import * as platform from '../platformlar/[platform]/route';
import { GET as listPlatforms } from '../platformlar/route';

const f = setupAdmin();

const settings = { site_adi: 'Etkileşim Pro', site_aciklama: 'Açıklama', head_etiketleri: '<meta name="x" content="y">', site_logo: '/logo.png', site_favicon: 'https://cdn.example.com/f.ico' };

describe('site settings', () => {
  it('saves the settings and shows them publicly, the send rules only to admins', async () => {
    const res = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, cooldown_saniye: 45, twitter_min_profil: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.site_ayar).toMatchObject({ ...settings, cooldown_saniye: 45, twitter_min_profil: 5 });
    const pub = await call(route.GET);
    expect(pub.body.site_ayar).toEqual({ ...settings, sirket_unvani: '', sirket_adresi: '', sirket_sicil_no: '', destek_eposta: '' });
    const adm = await call(route.GET, { token: f.adminToken });
    expect(adm.body.site_ayar).toMatchObject({ cooldown_saniye: 45, twitter_min_profil: 5 });
    const [audit] = await f.auditOf('settings.update');
    expect(audit).toMatchObject({ before: { site_adi: 'Etkileşim', cooldown_saniye: 30 }, after: { site_adi: 'Etkileşim Pro', cooldown_saniye: 45 } });
  });

  it('saves the operator limits (quarantine after N failures, stuck-order deadlines) and keeps the maximum at or above the deadline', async () => {
    const res = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, karantina_hata_sayisi: 3, takilma_dakika: 20, takilma_azami_dakika: 90 } });
    expect(res.body.site_ayar).toMatchObject({ karantina_hata_sayisi: 3, takilma_dakika: 20, takilma_azami_dakika: 90 });
    const both = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, takilma_dakika: 60, takilma_azami_dakika: 30 } });
    expect(both).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const one = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, takilma_dakika: 100 } });
    expect(one).toMatchObject({ status: 400, body: { code: 'STUCK_LIMITS_INVALID' } });
    expect((await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, karantina_hata_sayisi: 0 } })).status).toBe(400);
    expect((await call(route.GET, { token: f.adminToken })).body.site_ayar).toMatchObject({ karantina_hata_sayisi: 3, takilma_dakika: 20, takilma_azami_dakika: 90 });
  });

  it('saves the company details (issue #32), shows them publicly and keeps them when a save leaves them out', async () => {
    const company = { sirket_unvani: 'Örnek A.Ş.', sirket_adresi: 'Büyükdere Cad. 1\nİstanbul', sirket_sicil_no: 'VKN 1234567890', destek_eposta: 'destek@ornek.com' };
    const res = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, ...company } });
    expect(res.status).toBe(200);
    expect(res.body.site_ayar).toMatchObject(company);
    expect((await call(route.GET)).body.site_ayar).toMatchObject(company);
    await call(route.PUT, { method: 'PUT', token: f.adminToken, body: settings });
    expect((await call(route.GET)).body.site_ayar).toMatchObject(company);
    const bad = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, destek_eposta: 'destek@ornek' }, headers: { 'accept-language': 'en' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', mesaj: 'Enter a valid support e-mail address (e.g. support@example.com) or leave the field empty.' } });
    const nul = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, sirket_unvani: 'A\u0000B' } });
    expect(nul.status).toBe(400);
  });

  it('requires a site name and refuses script URLs for the logo', async () => {
    expect((await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, site_adi: '' } })).body.mesaj).toBe('Site adı zorunludur (en fazla 120 karakter).');
    const res = await call(route.PUT, { method: 'PUT', token: f.adminToken, body: { ...settings, site_logo: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
  });
});

describe('PUT /api/platformlar/{platform}', () => {
  it('toggles a platform off and on', async () => {
    const off = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'instagram' }, body: { aktif: false } });
    expect(off.body.platform).toMatchObject({ ad: 'instagram', aktif: false });
    const pub = await call(listPlatforms);
    expect(pub.body.platformlar).toContainEqual(expect.objectContaining({ ad: 'instagram', aktif: false }));
    expect((await f.auditOf('platform.toggle'))[0]).toMatchObject({ entityId: 'instagram', before: { aktif: true }, after: { aktif: false } });
  });

  it('saves endpoint URLs of the platform’s own keys; a blank one clears its key', async () => {
    const res = await call(platform.PUT, {
      method: 'PUT',
      token: f.adminToken,
      params: { platform: 'youtube' },
      body: { api_endpoints: { youtube_like: 'https://provider.example.com/yt/like', youtube_subscribe: '' } },
    });
    expect(res.status).toBe(200);
    const eps = (res.body.platform as { api_endpoints: Record<string, string> }).api_endpoints;
    expect(eps.youtube_like).toBe('https://provider.example.com/yt/like');
    expect(eps).not.toHaveProperty('youtube_subscribe');
    expect(eps.profile_list).toMatch(/sim-provider/);
  });

  it('refuses another platform’s key, a non-http URL and an unknown platform', async () => {
    const key = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'youtube' }, body: { api_endpoints: { retweet: 'https://x.example.com' } } });
    expect(key.status).toBe(400);
    expect(key.body.mesaj).toBe('Bilinmeyen endpoint anahtarı: retweet. Geçerli anahtarlar: profile_list, youtube_like, youtube_comment, youtube_subscribe, islem_durumu, comment_drafts, account_posts, target_info.');
    const url = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'twitter' }, body: { api_endpoints: { like: 'ftp://x.example.com' } } });
    expect(url.body.mesaj).toBe('Endpoint adresleri http:// veya https:// ile başlayan geçerli adresler olmalıdır.');
    const none = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'myspace' }, body: { aktif: true } });
    expect(none.status).toBe(404);
    const empty = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'twitter' }, body: {} });
    expect(empty.status).toBe(400);
  });

  it('refuses endpoints at metadata, link-local, loopback and private addresses with a clear 400, but keeps the built-in simulator', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/x', 'http://127.0.0.1:5432/', 'http://localhost:6379/', 'http://10.0.0.8/like', 'http://2852039166/']) {
      const res = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'twitter' }, body: { api_endpoints: { like: url } } });
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.mesaj).toMatch(/^Bu uç nokta adresi kullanılamaz/);
    }
    const en = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'twitter' }, body: { api_endpoints: { like: 'http://169.254.169.254/' } }, headers: { 'accept-language': 'en' } });
    expect(en.body.mesaj).toMatch(/PROVIDER_ALLOW_PRIVATE=1/);
    const sim = await call(platform.PUT, { method: 'PUT', token: f.adminToken, params: { platform: 'twitter' }, body: { api_endpoints: { like: 'http://127.0.0.1:3000/sim-provider/twitter/like' } } });
    expect(sim.status).toBe(200);
  });
});
