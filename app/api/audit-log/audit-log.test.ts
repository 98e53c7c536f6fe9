import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupAdmin } from '@/test/fixtures/admin';
import { call } from '@/test/http';
import { auditLog, orders, payments } from '@/db/schema';
import { getDashboardFigures } from '@/lib/domain/dashboard';
import * as route from './route';
import * as users from '../users/route';
import * as userById from '../users/[id]/route';
import * as stats from '../islem-gecmisi/stats/user/[userId]/route';
import * as history from '../islem-gecmisi/user/[userId]/service/[service]/route';
import * as statsApiApi from '../api/islem-gecmisi/stats/user/[userId]/route';
import * as historyApiApi from '../api/islem-gecmisi/user/[userId]/service/[service]/route';

const f = setupAdmin();

type Entry = { action: string; entity: string; entity_id: string; before: unknown; after: unknown; actor: { id: number; email: string } };

describe('the audit log', () => {
  it('records who, what, before and after of an admin write, without password hashes', async () => {
    const created = await call(users.POST, { token: f.adminToken, body: { ad: 'Denetim', email: 'audit@example.com', sifre: 'secret1' }, headers: { 'x-etk-peer': '10.1.2.3' } });
    const id = (created.body.kullanici as { id: number }).id;
    await call(userById.PUT, { method: 'PUT', token: f.adminToken, params: { id: String(id) }, body: { ad: 'Denetim 2', email: 'audit@example.com', sifre: 'newsecret' } });
    const res = await call(route.GET, { token: f.adminToken });
    const entries = res.body.audit_log as Entry[];
    const [update, create] = entries;
    expect(create).toMatchObject({ action: 'user.create', entity: 'user', entity_id: String(id), before: null, actor: { id: f.adminId, email: 'admin@example.com' } });
    expect(update).toMatchObject({ action: 'user.update', before: { ad: 'Denetim' }, after: { ad: 'Denetim 2', credentials_changed: true, sessions_revoked: true } });
    expect(JSON.stringify(entries)).not.toMatch(/argon|password_hash|passwordHash|secret1|newsecret/);
    const [row] = await f.t.db.select().from(auditLog).where(eq(auditLog.action, 'user.create'));
    expect(row!.ip).toBe('10.1.2.3');
    expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes nothing when the admin write is refused', async () => {
    const before = (await f.t.db.select().from(auditLog)).length;
    await call(users.POST, { token: f.adminToken, body: { ad: 'Dup', email: 'audit@example.com', sifre: 'secret1' } });
    await call(userById.DELETE, { method: 'DELETE', token: f.adminToken, params: { id: String(f.adminId) } });
    expect((await f.t.db.select().from(auditLog)).length).toBe(before);
  });

  it('filters by entity and pages', async () => {
    const res = await call(route.GET, { token: f.adminToken, path: '/api/audit-log?entity=user&limit=1' });
    expect((res.body.audit_log as Entry[]).length).toBe(1);
    expect(res.body.total).toBe(2);
    expect((await call(route.GET, { token: f.adminToken, path: '/api/audit-log?limit=0' })).status).toBe(400);
    const creates = await call(route.GET, { token: f.adminToken, path: '/api/audit-log?action=user.create' });
    expect((creates.body.audit_log as Entry[]).map((e) => e.action)).toEqual(['user.create']);
    // Sorted on the server by action (then newest first), and by time oldest first.
    const byAction = await call(route.GET, { token: f.adminToken, path: '/api/audit-log?sort=action&dir=asc' });
    expect((byAction.body.audit_log as Entry[]).map((e) => e.action)).toEqual(['user.create', 'user.update']);
    const byActionDesc = await call(route.GET, { token: f.adminToken, path: '/api/audit-log?sort=action&dir=desc' });
    expect((byActionDesc.body.audit_log as Entry[]).map((e) => e.action)).toEqual(['user.update', 'user.create']);
    // The page sorts by the actions' names in the reader's language: it passes their order.
    const { listAuditLog } = await import('@/lib/domain/audit');
    const named = await listAuditLog(f.t.db, { sort: 'action', dir: 'asc', labelOrder: { action: ['user.update', 'user.create'] } });
    expect(named.entries.map((e) => e.action)).toEqual(['user.update', 'user.create']);
    // Ranks 9 and 10 sort as numbers (as text, '10' would come before '9').
    const padded = [...Array.from({ length: 9 }, (_, i) => `x.${i}`), 'user.create', 'user.update'];
    const late = await listAuditLog(f.t.db, { sort: 'action', dir: 'asc', labelOrder: { action: padded } });
    expect(late.entries.map((e) => e.action)).toEqual(['user.create', 'user.update']);
    const oldest = await call(route.GET, { token: f.adminToken, path: '/api/audit-log?sort=created&dir=asc&limit=1' });
    expect((oldest.body.audit_log as Entry[]).map((e) => e.action)).toEqual(['user.create']);
    for (const bad of ['action=user.explode', 'entity=users', "entity=user'--", 'sort=ip', 'dir=sideways']) {
      const res = await call(route.GET, { token: f.adminToken, path: `/api/audit-log?${bad}` });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, mesaj: expect.any(String) });
    }
  });

  it('names every recorded action and record type in every language', async () => {
    const { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionKey } = await import('@/lib/domain/audit');
    for (const locale of ['tr', 'en', 'de']) {
      const audit = (await import(`@/messages/${locale}.json`)).default.Admin.audit as { actions: Record<string, string>; entities: Record<string, string> };
      for (const a of AUDIT_ACTIONS) expect(audit.actions[auditActionKey(a)], `${locale} ${a}`).toBeTruthy();
      for (const e of AUDIT_ENTITIES) expect(audit.entities[e], `${locale} ${e}`).toBeTruthy();
    }
  });
});

describe('admin history of a user’s orders', () => {
  it('answers zeros and empty lists when the user has no orders, on both path spellings', async () => {
    for (const handler of [stats.GET, statsApiApi.GET]) {
      const res = await call(handler, { token: f.adminToken, params: { userId: String(f.userId) } });
      expect(res.body.stats).toEqual({ toplam_islem: 0, basarili_islem: 0, kismi_islem: 0, basarisiz_islem: 0, bekleyen_islem: 0, iptal_islem: 0, toplam_harcanan: 0, hizmet_detaylari: {} });
    }
    for (const handler of [history.GET, historyApiApi.GET]) {
      const res = await call(handler, { token: f.adminToken, params: { userId: String(f.userId), service: 'like' } });
      expect(res.body.transactions).toEqual([]);
    }
  });

  it('counts orders by outcome (a partly failed order apart from the successful ones) and lists one service newest first', async () => {
    const base = { userId: f.userId, platform: 'twitter' as const, profileIds: [1, 2], profileCount: 2 };
    await f.t.db.insert(orders).values([
      { ...base, service: 'like', status: 'completed', targetUrl: 'https://x.com/a/status/1', createdAt: new Date(Date.now() - 3000) },
      { ...base, service: 'like', status: 'failed', targetUrl: 'https://x.com/a/status/2', createdAt: new Date(Date.now() - 2000) },
      { ...base, service: 'new_tweet', status: 'partial', tweetText: 'Merhaba', priceCents: 400, refundedCents: 200 },
      { ...base, service: 'retweet', status: 'pending' },
    ]);
    const s = await call(stats.GET, { token: f.adminToken, params: { userId: String(f.userId) } });
    expect(s.body.stats).toEqual({ toplam_islem: 4, basarili_islem: 1, kismi_islem: 1, basarisiz_islem: 1, bekleyen_islem: 1, iptal_islem: 0, toplam_harcanan: 2, hizmet_detaylari: { like: 2, new_tweet: 1, retweet: 1 } });
    const likes = await call(history.GET, { token: f.adminToken, params: { userId: String(f.userId), service: 'like' } });
    expect((likes.body.transactions as { hedef_url: string; durum: string; profil_sayisi: number }[]).map((t) => [t.hedef_url, t.durum, t.profil_sayisi])).toEqual([
      ['https://x.com/a/status/2', 'basarisiz', 2],
      ['https://x.com/a/status/1', 'basarili', 2],
    ]);
    const tweets = await call(history.GET, { token: f.adminToken, params: { userId: String(f.userId), service: 'new_tweet' } });
    expect(tweets.body.transactions).toMatchObject([{ durum: 'kismi', basarili_sayisi: 0, bakiye_harcanan: 2, notlar: expect.stringContaining('Merhaba') }]);
    const bad = await call(history.GET, { token: f.adminToken, params: { userId: String(f.userId), service: 'dance' } });
    expect(bad.body.code).toBe('INVALID_SERVICE');
  });

  it('sorts one service’s orders by date, status, profiles or balance spent, pages them and says how many there are', async () => {
    const base = { userId: f.userId, platform: 'twitter' as const, service: 'bookmark' as const, profileIds: [1] };
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await f.t.db.insert(orders).values([
      { ...base, profileCount: 3, status: 'completed', targetUrl: 'https://x.com/b/status/1', priceCents: 300, createdAt: at(1) },
      { ...base, profileCount: 1, status: 'failed', targetUrl: 'https://x.com/b/status/2', priceCents: 900, refundedCents: 900, createdAt: at(2) },
      { ...base, profileCount: 5, status: 'pending', targetUrl: 'https://x.com/b/status/3', priceCents: 500, createdAt: at(3) },
      { ...base, profileCount: 2, status: 'partial', targetUrl: 'https://x.com/b/status/4', priceCents: 800, refundedCents: 100, createdAt: at(4) },
      { ...base, profileCount: 4, status: 'cancelled', targetUrl: 'https://x.com/b/status/5', priceCents: 0, createdAt: at(5) },
    ]);
    const page = async (q: string) => {
      const res = await call(history.GET, { token: f.adminToken, path: `/api/islem-gecmisi/user/${f.userId}/service/bookmark?${q}`, params: { userId: String(f.userId), service: 'bookmark' } });
      expect(res.status, q).toBe(200);
      return { total: res.body.total, ids: (res.body.transactions as { hedef_url: string }[]).map((t) => Number(t.hedef_url.split('/').pop())) };
    };
    expect(await page('')).toEqual({ total: 5, ids: [5, 4, 3, 2, 1] });
    expect(await page('sort=created&dir=asc&limit=2')).toEqual({ total: 5, ids: [1, 2] });
    expect(await page('sort=created&dir=asc&limit=2&offset=2')).toEqual({ total: 5, ids: [3, 4] });
    expect(await page('sort=created&dir=asc&limit=2&offset=4')).toEqual({ total: 5, ids: [5] });
    expect(await page('sort=profiles&dir=desc')).toEqual({ total: 5, ids: [3, 5, 1, 4, 2] });
    expect(await page('sort=spent&dir=desc')).toEqual({ total: 5, ids: [4, 3, 1, 5, 2] });
    // Waiting, partial, done, failed, cancelled: the order an admin triages in.
    expect(await page('sort=status&dir=asc')).toEqual({ total: 5, ids: [3, 4, 1, 2, 5] });
    for (const q of ['sort=name', 'dir=up', 'limit=0', 'offset=-1']) {
      const res = await call(history.GET, { token: f.adminToken, path: `/api/x?${q}`, headers: { 'accept-language': 'en' }, params: { userId: String(f.userId), service: 'bookmark' } });
      expect(res.status, q).toBe(400);
      expect(res.body.success, q).toBe(false);
      expect(typeof res.body.mesaj, q).toBe('string');
    }
  });
});

describe('the dashboard figures', () => {
  it('counts users, running subscriptions, today’s orders and succeeded payments', async () => {
    await f.t.db.insert(payments).values([
      { intentId: 'pi_1', provider: 'test', userId: f.userId, kind: 'balance', amountCents: 2500, status: 'succeeded' },
      { intentId: 'pi_2', provider: 'test', userId: f.userId, kind: 'balance', amountCents: 9999, status: 'failed' },
    ]);
    const figures = await getDashboardFigures(f.t.db);
    expect(figures.ordersToday).toBe(4);
    expect(figures.revenueCents).toBe(2500);
    expect(figures.revenueTodayCents).toBe(2500);
    expect(figures.users).toBeGreaterThanOrEqual(3);
    expect(figures.activeSubscriptions).toBe(0);
  });
});
