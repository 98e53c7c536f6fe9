import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, profiles, watches } from '@/db/schema';
import { call } from '@/test/http';
import { setupWorld, makeUser, fastClient } from '@/test/fixtures/world';
import { signToken } from '@/lib/domain/credentials';
import { PUT as putSettings, GET as getSettings } from '@/app/api/site-ayar/route';
import type { ProviderClient } from '@/lib/domain/provider';
import { pollWatches } from './index';

/**
 * Issue #37 (h37b item 2): the polling period is the site setting `watch_poll_seconds` (default
 * 120, at least 5), in the settings API and audited; the poller reads it (cached like the other
 * settings, a save ends the cached value at once in this process).
 */
const w = setupWorld();
const base = { site_adi: 'Etkileşim', site_aciklama: '', head_etiketleri: '', site_logo: '', site_favicon: '' };
const silent: ProviderClient = { ...fastClient(), accountPosts: async () => [] };

describe('the watch_poll_seconds setting', () => {
  it('defaults to 120, is saved and audited, and refuses less than 5 with a clear message in each language', async () => {
    const admin = await makeUser(w.t, { rol: 'admin' });
    const token = await signToken(w.t.db, { ...admin.user, sessionVersion: admin.user.sessionVersion }, 'admin');
    const read = await call(getSettings, { token });
    expect(read.body.site_ayar).toMatchObject({ watch_poll_seconds: 120 });

    for (const bad of [4, 0, -1, 1.5, 86_401, 'abc']) {
      const res = await call(putSettings, { method: 'PUT', token, body: { ...base, watch_poll_seconds: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const messages = await Promise.all(
      (['tr', 'en', 'de'] as const).map(async (lang) => {
        const res = await call(putSettings, { method: 'PUT', token, headers: { 'accept-language': lang }, body: { ...base, watch_poll_seconds: 4 } });
        return String(res.body.mesaj);
      }),
    );
    expect(messages[0]).toMatch(/5.*86400/);
    expect(messages[1]).toMatch(/watch polling interval.*5.*86400/i);
    expect(messages[2]).toMatch(/Abfrageintervall.*5.*86400/);

    const saved = await call(putSettings, { method: 'PUT', token, body: { ...base, watch_poll_seconds: 7 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.site_ayar).toMatchObject({ watch_poll_seconds: 7 });
    // Left out: kept.
    expect((await call(putSettings, { method: 'PUT', token, body: base })).body.site_ayar).toMatchObject({ watch_poll_seconds: 7 });
    const audits = await w.t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits.some((a) => JSON.stringify(a.before).includes('"watch_poll_seconds":120') && JSON.stringify(a.after).includes('"watch_poll_seconds":7'))).toBe(true);

    // The poller's period is the setting: the next poll lies 7 s ahead, then 30 s after a change.
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 10, profilLimit: 10 } } });
    const [p] = await w.t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.platform, 'twitter')).limit(1);
    const now = new Date(Date.now() + 1000);
    const [watch] = await w.t.db
      .insert(watches)
      .values({ userId: A.user.id, platform: 'twitter', account: 'period_one', services: ['like'], profileIds: [p!.id], delayMinMinutes: 0, delayMaxMinutes: 0, maxPostsPerDay: 5, endsAt: new Date(Date.now() + 86_400_000), nextPollAt: now })
      .returning();
    await pollWatches(w.t.db, { now, client: silent });
    let [row] = await w.t.db.select().from(watches).where(eq(watches.id, watch!.id));
    expect(row!.nextPollAt.getTime() - now.getTime()).toBe(7000);

    await call(putSettings, { method: 'PUT', token, body: { ...base, watch_poll_seconds: 30 } });
    const later = new Date(now.getTime() + 7000);
    await pollWatches(w.t.db, { now: later, client: silent });
    [row] = await w.t.db.select().from(watches).where(eq(watches.id, watch!.id));
    expect(row!.nextPollAt.getTime() - later.getTime()).toBe(30_000);
  });
});
