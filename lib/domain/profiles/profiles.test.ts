import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { platforms, profiles } from '@/db/schema';
import { call } from '@/test/http';
import { configureSim } from '@/lib/domain/provider/sim';
import { setupWorld, fastClient } from '@/test/fixtures/world';
import { listProfiles, syncProfiles } from './index';
import { publicContentChanged, publicGeneration } from '@/lib/infra/cache';
import { profilesHandler } from '@/app/api/_lib/platform-routes';

const twitterProfiles = profilesHandler('twitter');
const instagramProfiles = profilesHandler('instagram');

const w = setupWorld();

describe('the profiles table', () => {
  it('serves the active profiles of a platform, shuffled, in the §3 shape, to visitors', async () => {
    const a = await call(twitterProfiles, {});
    expect(a.status).toBe(200);
    const list = a.body.profiles as Record<string, unknown>[];
    expect(list).toHaveLength(58); // 60 minus the two resting ones
    expect(list[0]).toMatchObject({ id: expect.any(Number), username: expect.any(String), followers: expect.any(String), x_followers: expect.any(String), status: 'active' });
    const orders = new Set<string>();
    for (let i = 0; i < 5; i++) orders.add(((await call(twitterProfiles, {})).body.profiles as { id: number }[]).map((p) => p.id).join(','));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('selects another platform with ?platform= and has its own routes', async () => {
    const ig = await call(twitterProfiles, { path: '/api/twitter/profiles?platform=instagram' });
    expect((ig.body.profiles as { ig_username?: string }[])[0]!.ig_username).toBeTruthy();
    const direct = await call(instagramProfiles, { path: '/api/instagram/profiles' });
    expect((direct.body.profiles as unknown[]).length).toBe((ig.body.profiles as unknown[]).length);
    const bad = await call(twitterProfiles, { path: '/api/twitter/profiles?platform=myspace' });
    expect(bad.status).toBe(404);
  });

  it('reads the table once per cache period: a cached list is not queried again on every read', async () => {
    publicContentChanged();
    const first = await listProfiles(w.t.db, 'youtube');
    const [victim] = first;
    // A change made behind the cache's back (not by a sync) is not seen until the entry expires or
    // a sync clears it: the second read is served from memory, not by running the query again.
    await w.t.db.update(profiles).set({ username: 'changed_behind_cache' }).where(eq(profiles.id, victim!.id));
    try {
      const second = await listProfiles(w.t.db, 'youtube');
      expect(second.find((p) => p.id === victim!.id)?.username).toBe(victim!.username);
      publicContentChanged();
      const third = await listProfiles(w.t.db, 'youtube');
      expect(third.find((p) => p.id === victim!.id)?.username).toBe('changed_behind_cache');
    } finally {
      await w.t.db.update(profiles).set({ username: victim!.username }).where(eq(profiles.id, victim!.id));
      publicContentChanged();
    }
  });

  it('keeps the last list when the provider is down or answers garbage', async () => {
    const before = await w.t.db.select().from(profiles).where(eq(profiles.platform, 'youtube'));
    for (const mode of ['down', 'malformed', 'wrong_shape'] as const) {
      configureSim({ mode });
      await expect(syncProfiles(w.t.db, 'youtube', fastClient())).rejects.toMatchObject({ name: 'ProviderError' });
    }
    configureSim({ mode: 'normal' });
    expect(await w.t.db.select().from(profiles).where(eq(profiles.platform, 'youtube'))).toEqual(before);
  });

  it('updates follower counts and deactivates profiles the provider no longer lists', async () => {
    // Point twitter's list at a provider that only knows a few profiles (under /sim-provider/ on
    // loopback, the one local address the provider policy allows by default).
    const { createServer } = await import('node:http');
    const small = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ profiles: [{ id: 'tw_1001', username: 'renamed', followers: 123456 }, { id: 'tw_9999', username: 'newcomer', followers: 5 }] }));
    });
    await new Promise<void>((r) => small.listen(0, '127.0.0.1', r));
    const port = (small.address() as { port: number }).port;
    const [tw] = await w.t.db.select().from(platforms).where(eq(platforms.ad, 'twitter'));
    await w.t.db.update(platforms).set({ apiEndpoints: { ...tw!.apiEndpoints, profile_list: `http://127.0.0.1:${port}/sim-provider/small-list` } }).where(eq(platforms.ad, 'twitter'));
    try {
      const generation = publicGeneration();
      const result = await syncProfiles(w.t.db, 'twitter', fastClient());
      expect(result).toMatchObject({ upserted: 2, deactivated: 57, changed: true });
      // The kept pages end (they showed the old list); the same list again changes nothing and ends nothing.
      expect(publicGeneration()).toBe(generation + 1);
      expect(await syncProfiles(w.t.db, 'twitter', fastClient())).toMatchObject({ upserted: 2, deactivated: 0, changed: false });
      expect(publicGeneration()).toBe(generation + 1);
      // Our own verdict stays through a sync and is no change either.
      await w.t.db.update(profiles).set({ status: 'quarantined' }).where(and(eq(profiles.platform, 'twitter'), eq(profiles.providerId, 'tw_9999')));
      expect(await syncProfiles(w.t.db, 'twitter', fastClient())).toMatchObject({ changed: false });
      await w.t.db.update(profiles).set({ status: 'active' }).where(and(eq(profiles.platform, 'twitter'), eq(profiles.providerId, 'tw_9999')));
      const active = await w.t.db.select().from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')));
      expect(active.map((p) => [p.providerId, p.username, p.followersCount, p.followersText]).sort()).toEqual([
        ['tw_1001', 'renamed', 123456, '123.4K'],
        ['tw_9999', 'newcomer', 5, '5'],
      ]);
    } finally {
      await w.t.db.update(platforms).set({ apiEndpoints: tw!.apiEndpoints }).where(eq(platforms.ad, 'twitter'));
      small.close();
    }
  });
});
