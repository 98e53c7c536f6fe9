import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, platforms, profiles, users } from '@/db/schema';
import { call } from '@/test/http';
import { setupWorld, fastClient, makeUser } from '@/test/fixtures/world';
import { configureSim, simProfiles } from '@/lib/domain/provider/sim';
import { simTargetFacts } from '@/lib/domain/provider/sim/target-facts';
import { NICHES } from '@/lib/domain/audience/niches';
import { signToken } from '@/lib/domain/credentials';
import type { ProviderClient } from '@/lib/domain/provider';
import { matchHandler, profilesHandler } from '@/app/api/_lib/platform-routes';
import { PUT as editAudience, DELETE as returnAudience } from '@/app/api/admin/profiles/[id]/audience/route';
import { syncProfiles } from './index';

const w = setupWorld();
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  const [admin] = await w.t.db.select().from(users).where(eq(users.rol, 'admin'));
  adminToken = await signToken(w.t.db, admin!, 'admin');
  userToken = (await makeUser(w.t)).token;
});

const row = async (providerId: string) => (await w.t.db.select().from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.providerId, providerId))))[0]!;

describe('audience facts (issue #36 item 1)', () => {
  it('are stored by the sync from the simulated provider: varied and plausible on every platform', async () => {
    for (const platform of ['twitter', 'instagram', 'youtube', 'tiktok'] as const) {
      const rows = await w.t.db.select().from(profiles).where(eq(profiles.platform, platform));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.languages.length >= 1 && r.languages.every((l) => /^[a-z]{2}$/.test(l)))).toBe(true);
      expect(rows.every((r) => r.niches.length >= 1 && r.niches.every((n) => (NICHES as readonly string[]).includes(n)))).toBe(true);
      expect(rows.every((r) => r.accountCreatedAt !== null)).toBe(true);
      expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(rows.flatMap((r) => r.niches)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(rows.map((r) => r.languages[0])).size).toBeGreaterThanOrEqual(2);
      expect(rows.some((r) => r.verified)).toBe(true);
      expect(rows.some((r) => !r.verified)).toBe(true);
    }
    // Fixed per profile: the simulator's list is the same on every call.
    expect(simProfiles('twitter')[3]).toEqual(simProfiles('twitter')[3]);
  });

  it('are on GET /api/<platform>/profiles as languages, country, niches, verified and account_age_days', async () => {
    const res = await call(profilesHandler('twitter'), {});
    const list = res.body.profiles as Record<string, unknown>[];
    for (const p of list) {
      expect(Array.isArray(p.languages)).toBe(true);
      expect(Array.isArray(p.niches)).toBe(true);
      expect(p.country === null || /^[A-Z]{2}$/.test(p.country as string)).toBe(true);
      expect(typeof p.verified).toBe('boolean');
      expect(p.account_age_days).toEqual(expect.any(Number));
    }
    const stored = await row('tw_1001');
    const served = list.find((p) => p.id === stored.id)!;
    expect(served).toMatchObject({ languages: stored.languages, country: stored.country, niches: stored.niches, verified: stored.verified });
  });

  it('are empty for a provider that sends none of them (a 1.2 provider), and come back with the next full sync', async () => {
    const bare: ProviderClient = {
      ...fastClient(),
      listProfiles: async () => simProfiles('instagram').map(({ languages: _l, country: _c, niches: _n, account_created: _a, verified: _v, ...rest }) => rest),
    };
    await syncProfiles(w.t.db, 'instagram', bare);
    const rows = await w.t.db.select().from(profiles).where(eq(profiles.platform, 'instagram'));
    expect(rows.every((r) => r.languages.length === 0 && r.niches.length === 0 && r.country === null && r.accountCreatedAt === null && !r.verified)).toBe(true);
    const list = (await call(profilesHandler('instagram'), {})).body.profiles as Record<string, unknown>[];
    expect(list[0]).toMatchObject({ languages: [], niches: [], country: null, account_age_days: null });
    await syncProfiles(w.t.db, 'instagram', fastClient());
    expect((await w.t.db.select().from(profiles).where(eq(profiles.platform, 'instagram'))).every((r) => r.languages.length > 0)).toBe(true);
  });

  it('an admin corrects in /rooting/profiles: audited, kept across a sync, handed back to the provider on request', async () => {
    const before = await row('tw_1002');
    const put = (token: string, body: unknown, id = before.id) => call(editAudience, { method: 'PUT', token, params: { id: String(id) }, body });
    const correction = { languages: ['de', 'en'], country: 'AT', niches: ['automotive', 'travel'], verified: true };

    expect((await put(userToken, correction)).status).toBe(403);
    const res = await put(adminToken, correction);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ ...correction, audience_edited_at: expect.any(String) });
    const audit = await w.t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'profile'), eq(auditLog.entityId, String(before.id)), eq(auditLog.action, 'profile.audience_edit')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ languages: before.languages, niches: before.niches });
    expect(audit[0]!.after).toMatchObject(correction);

    // The provider's sync keeps the admin's values (and changes the others as before).
    await syncProfiles(w.t.db, 'twitter', fastClient());
    expect(await row('tw_1002')).toMatchObject({ languages: ['de', 'en'], country: 'AT', niches: ['automotive', 'travel'], verified: true });
    const served = ((await call(profilesHandler('twitter'), {})).body.profiles as Record<string, unknown>[]).find((p) => p.id === before.id);
    expect(served).toMatchObject({ languages: ['de', 'en'], country: 'AT', niches: ['automotive', 'travel'], verified: true });

    // Handed back: the next sync writes the provider's facts again.
    const back = await call(returnAudience, { method: 'DELETE', token: adminToken, params: { id: String(before.id) } });
    expect(back.status).toBe(200);
    expect((await row('tw_1002')).audienceEditedAt).toBeNull();
    await syncProfiles(w.t.db, 'twitter', fastClient());
    expect(await row('tw_1002')).toMatchObject({ languages: before.languages, country: before.country, niches: before.niches, verified: before.verified });
    expect(await w.t.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(before.id)), eq(auditLog.action, 'profile.audience_return')))).toHaveLength(1);
  });

  it('refuses an unknown niche by name, or a malformed language or country, and changes nothing', async () => {
    const before = await row('tw_1003');
    const put = (body: unknown) => call(editAudience, { method: 'PUT', token: adminToken, params: { id: String(before.id) }, body, headers: { 'x-locale': 'en' } });
    const unknown = await put({ languages: ['tr'], country: 'TR', niches: ['gaming', 'astrology'], verified: false });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'NICHE_UNKNOWN' });
    expect(unknown.body.mesaj).toContain('astrology');
    expect((await put({ languages: ['turkish'], country: 'TR', niches: [], verified: false })).body.code).toBe('VALIDATION_FAILED');
    expect((await put({ languages: ['tr'], country: 'Turkey', niches: [], verified: false })).body.code).toBe('VALIDATION_FAILED');
    expect((await call(editAudience, { method: 'PUT', token: adminToken, params: { id: '99999999' }, body: { languages: [], country: null, niches: [], verified: false } })).status).toBe(404);
    const after = await row('tw_1003');
    expect(after).toEqual(before);
  });
});

describe('the match route (issue #36 item 2): the target facts from the provider', () => {
  const match = (link: string) => call(matchHandler('twitter'), { path: `/api/twitter/profiles/match?link=${encodeURIComponent(link)}` });

  it('answers the simulated provider’s target_info for a valid link, to visitors', async () => {
    const link = 'https://x.com/someone/status/1790000000000000123';
    const res = await match(link);
    expect(res.status).toBe(200);
    expect(res.body.target).toEqual(simTargetFacts(link));
  });

  it('degrades to target null when the provider has no target_info call, it is off or down', async () => {
    configureSim({ targetInfo: false });
    try {
      const res = await match('https://x.com/someone/status/1790000000000000456');
      expect(res.status).toBe(200);
      expect(res.body.target).toBeNull();
    } finally {
      configureSim({ targetInfo: true });
    }
    configureSim({ mode: 'down' });
    try {
      expect((await match('https://x.com/someone/status/1790000000000000789')).body.target).toBeNull();
    } finally {
      configureSim({ mode: 'normal' });
    }
    const [p] = await w.t.db.select().from(platforms).where(eq(platforms.ad, 'twitter'));
    const { target_info: url, ...rest } = p!.apiEndpoints;
    await w.t.db.update(platforms).set({ apiEndpoints: rest }).where(eq(platforms.ad, 'twitter'));
    try {
      expect((await match('https://x.com/someone/status/1790000000000000999')).body.target).toBeNull();
    } finally {
      await w.t.db.update(platforms).set({ apiEndpoints: { ...rest, target_info: url! } }).where(eq(platforms.ad, 'twitter'));
    }
  });

  it('refuses a link that is not one of the platform’s', async () => {
    expect((await match('https://example.com/post/1')).status).toBe(400);
    expect((await call(matchHandler('twitter'), { path: '/api/twitter/profiles/match' })).status).toBe(400);
  });
});
