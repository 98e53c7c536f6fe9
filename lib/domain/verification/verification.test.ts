import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { open } from '@/db/client';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { auditLog, orders, profiles, siteSettings, users, verificationChecks } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { ProviderError, type ProviderClient, type VerifyRequest, type VerifyState } from '@/lib/domain/provider';
import { getPublicStatus } from '@/lib/domain/status';
import { PUT as putSettings } from '@/app/api/site-ayar/route';
import { MAX_VERIFY_ATTEMPTS, keptRates, keptShare, profileKeptRates, readGuarantee, runVerification, scheduleVerifications, workVerifications } from './index';

const t = setupTestDb({ asAppDb: true });
const MIN = 60_000;
let userId: number;
let adminToken: string;
let profileIds: number[];

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
  const [u] = await t.db.insert(users).values({ adSoyad: 'Verify', email: 'verify@example.com', passwordHash: 'x' }).returning();
  userId = u!.id;
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  adminToken = await signToken(t.db, admin!, 'admin');
  const rows = await t.db
    .insert(profiles)
    .values([0, 1, 2].map((i) => ({ platform: 'twitter' as const, providerId: `ver-${i}`, username: `ver${i}` })))
    .returning({ id: profiles.id });
  profileIds = rows.map((r) => r.id);
});
beforeEach(async () => {
  await t.db.delete(verificationChecks);
  await t.db.delete(orders);
});

const setOffsets = (list: number[]) => t.db.update(siteSettings).set({ verifyAfterMinutes: list }).where(eq(siteSettings.id, 1));

/** An ended like order: profiles 0 and 1 acted, profile 2 failed. */
async function endedOrder(endedAgoMinutes: number, service = 'like') {
  const completedAt = new Date(Date.now() - endedAgoMinutes * MIN);
  const [o] = await t.db
    .insert(orders)
    .values({
      userId,
      platform: 'twitter',
      service,
      targetUrl: 'https://x.com/a/status/1',
      status: 'partial',
      profileIds,
      profileCount: 3,
      successCount: 2,
      results: [
        { profile_id: profileIds[0]!, result: 'success', proof_url: 'https://x.com/ver0/likes' },
        { profile_id: profileIds[1]!, result: 'success' },
        { profile_id: profileIds[2]!, result: 'failed' },
      ],
      createdAt: new Date(completedAt.getTime() - MIN),
      completedAt,
    })
    .returning();
  return o!;
}

/** A provider that answers verify from `answer`, counting the questions per (order, profile). */
function fakeVerify(answer: (body: VerifyRequest) => VerifyState | Error) {
  const asked: string[] = [];
  const client: ProviderClient = {
    listProfiles: async () => [],
    send: async () => {
      throw new Error('not used');
    },
    status: async () => {
      throw new Error('not used');
    },
    verify: async (_url, body) => {
      asked.push(`${body.order_id}|${body.profile_id}`);
      // A little latency, so that two workers really overlap.
      await new Promise((r) => setTimeout(r, 2));
      const a = answer(body);
      if (a instanceof Error) throw a;
      return a;
    },
  };
  return { client, asked };
}

describe('scheduling the checks', () => {
  it('schedules one check per successful profile and per time, once, from the end of the order', async () => {
    await setOffsets([0, 10080]);
    const o = await endedOrder(5);
    expect(await scheduleVerifications(t.db)).toBe(4);
    expect(await scheduleVerifications(t.db)).toBe(0);
    const checks = await t.db.select().from(verificationChecks).where(eq(verificationChecks.orderId, o.id));
    expect(checks.map((c) => [c.profileId, c.afterMinutes]).sort()).toEqual(
      [
        [profileIds[0], 0],
        [profileIds[0], 10080],
        [profileIds[1], 0],
        [profileIds[1], 10080],
      ].sort(),
    );
    for (const c of checks) expect(c.dueAt.getTime()).toBe(o.completedAt!.getTime() + c.afterMinutes * MIN);
  });

  it('schedules nothing while verify_after_minutes is empty', async () => {
    await setOffsets([]);
    await endedOrder(5);
    expect(await scheduleVerifications(t.db)).toBe(0);
  });
});

describe('working the checks', () => {
  it('records kept and undone, never asks a check that is not due, and feeds the kept rate of /status', async () => {
    await setOffsets([0, 10080]);
    const o = await endedOrder(5);
    const { client, asked } = fakeVerify((b) => (b.profile_id === 'ver-1' ? 'undone' : 'kept'));
    const summary = await runVerification(t.db, { client });
    // The undone action's make-good (issue #38 item 2) waits: this provider double cannot send.
    expect(summary).toEqual({ scheduled: 4, kept: 1, undone: 1, unknown: 0, retried: 0, madeGood: { redone: 0, refunded: 0, waiting: 1 }, more: false });
    expect(asked.sort()).toEqual([`${o.id}|ver-0`, `${o.id}|ver-1`]);
    expect((await runVerification(t.db, { client })).kept).toBe(0);
    expect(asked).toHaveLength(2);
    expect((await keptRates(t.db)).get('twitter|like')).toEqual({ d7: 0.5, d30: null, measured: true });
    // Issue #38 item 3: per profile, for the picker, /rooting/profiles and the match score.
    const perProfile = await profileKeptRates(t.db, 'twitter');
    expect(perProfile.get(profileIds[0]!)).toEqual({ d7: 1, d30: null, checked: 1 });
    expect(perProfile.get(profileIds[1]!)).toEqual({ d7: 0, d30: null, checked: 1 });
    expect(perProfile.has(profileIds[2]!)).toBe(false);
    expect(keptShare(perProfile.get(profileIds[1]!))).toBe(0);
    expect(keptShare(undefined)).toBeNull();
    const status = await getPublicStatus(t.db, 'en');
    const like = status.platforms.find((p) => p.platform === 'twitter')!.services.find((s) => s.service === 'like')!;
    expect(like.kept_rate).toEqual({ d7: 0.5, d30: null, measured: true });
    // The order itself is unchanged by a check.
    const [after] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'partial', successCount: 2, refundedCents: 0 });
  });

  it('asks a provider that cannot be reached again later, and ends as unknown after five tries without changing the order', async () => {
    await setOffsets([0]);
    await endedOrder(5);
    const { client, asked } = fakeVerify(() => new ProviderError('unreachable', 'down'));
    let now = Date.now();
    for (let i = 0; i < MAX_VERIFY_ATTEMPTS; i++) {
      const s = await runVerification(t.db, { client, now: new Date(now) });
      now += 3 * 3600_000;
      if (i < MAX_VERIFY_ATTEMPTS - 1) expect(s.retried).toBe(2);
      else expect(s.unknown).toBe(2);
    }
    expect(asked).toHaveLength(2 * MAX_VERIFY_ATTEMPTS);
    const states = await t.db.select({ state: verificationChecks.state }).from(verificationChecks);
    expect(states.map((s) => s.state)).toEqual(['unknown', 'unknown']);
    expect((await keptRates(t.db)).get('twitter|like')).toBeUndefined();
  });

  it('asks each check once when two nodes work the backlog at the same time', async () => {
    await setOffsets([0]);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await endedOrder(5)).id);
    expect(await scheduleVerifications(t.db)).toBe(40);
    const { client, asked } = fakeVerify((b) => (b.order_id.charCodeAt(0) % 2 ? 'undone' : 'kept'));
    // On PostgreSQL the second node is a connection pool of its own, as another process would have.
    const other = t.isPostgres ? await open({ databaseUrl: t.url!, max: 4, migrate: false }) : null;
    try {
      const runs = await Promise.all([
        workVerifications(t.db, { client, batch: 7 }),
        workVerifications(other?.db ?? t.db, { client, batch: 7 }),
        workVerifications(t.db, { client, batch: 7 }),
        workVerifications(other?.db ?? t.db, { client, batch: 7 }),
        workVerifications(t.db, { client, batch: 7 }),
        workVerifications(other?.db ?? t.db, { client, batch: 7 }),
      ]);
      const recorded = runs.reduce((n, r) => n + r.kept + r.undone, 0);
      expect(recorded).toBe(40);
      expect(new Set(asked).size).toBe(40);
      expect(asked).toHaveLength(40);
    } finally {
      await other?.close();
    }
    expect(await t.db.select().from(verificationChecks).where(eq(verificationChecks.state, 'due'))).toHaveLength(0);
  });
});

describe('working a backlog (issue #38 item 4)', () => {
  it('works batch after batch within its time budget and says when checks are left for the next run', async () => {
    await setOffsets([0]);
    for (let i = 0; i < 10; i++) await endedOrder(5);
    const { client, asked } = fakeVerify(() => 'kept');
    // No time: one batch, and the rest is left.
    const first = await runVerification(t.db, { client, batch: 6, budgetMs: 0, pauseMs: 0 });
    expect(first).toMatchObject({ scheduled: 20, kept: 6, more: true });
    // Time enough: the remaining 14 in batches of 6 within one run, each asked once.
    const second = await runVerification(t.db, { client, batch: 6, budgetMs: 10_000, pauseMs: 0 });
    expect(second).toMatchObject({ kept: 14, more: false });
    expect(new Set(asked).size).toBe(20);
    expect(asked).toHaveLength(20);
  });
});

describe('the guarantee in words (issue #38 item 5)', () => {
  it('states the re-check times of the setting and the same kept rates as /status', async () => {
    await setOffsets([10080, 0]);
    await endedOrder(5);
    const { client } = fakeVerify((b) => (b.profile_id === 'ver-1' ? 'undone' : 'kept'));
    await runVerification(t.db, { client });
    const g = await readGuarantee(t.db);
    expect(g.afterMinutes).toEqual([0, 10080]);
    const status = await getPublicStatus(t.db, 'en');
    const like = status.platforms.find((p) => p.platform === 'twitter')!.services.find((s) => s.service === 'like')!;
    expect(g.services).toEqual([{ platform: 'twitter', service: 'like', d7: like.kept_rate.d7, d30: like.kept_rate.d30 }]);
    expect(g.services[0]!.d7).toBe(0.5);
    await setOffsets([]);
    expect((await readGuarantee(t.db)).afterMinutes).toEqual([]);
  });
});

describe('the verify_after_minutes setting', () => {
  const base = { site_adi: 'Etkileşim', site_aciklama: '', head_etiketleri: '', site_logo: '', site_favicon: '' };
  it('takes a list or the form’s text, 0 allowed, empty for off, audited; refuses what is not minutes', async () => {
    const text = await call(putSettings, { method: 'PUT', token: adminToken, body: { ...base, verify_after_minutes: '1440, 0 ,1440 43200' } });
    expect(text.status).toBe(200);
    expect(text.body.site_ayar).toMatchObject({ verify_after_minutes: [0, 1440, 43200] });
    const off = await call(putSettings, { method: 'PUT', token: adminToken, body: { ...base, verify_after_minutes: [] } });
    expect(off.body.site_ayar).toMatchObject({ verify_after_minutes: [] });
    const kept = await call(putSettings, { method: 'PUT', token: adminToken, body: base });
    expect(kept.body.site_ayar).toMatchObject({ verify_after_minutes: [] });
    for (const bad of ['-1', 'abc', [1.5], [600_000], Array.from({ length: 11 }, (_, i) => i)]) {
      expect((await call(putSettings, { method: 'PUT', token: adminToken, body: { ...base, verify_after_minutes: bad } })).status, JSON.stringify(bad)).toBe(400);
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits.some((a) => JSON.stringify(a.after).includes('"verify_after_minutes":[0,1440,43200]'))).toBe(true);
  });
});
