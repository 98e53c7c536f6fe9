import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { open, type DbHandle } from '@/db/client';
import { packages, platforms, servicePrices, siteSettings, users } from '@/db/schema';
import { onPostgres } from '@/test/fixtures/db';
import { setupWorld, makeUser } from '@/test/fixtures/world';
import { createPackage } from '@/lib/domain/packages';
import { setActionPrices } from '@/lib/domain/pricing/action-prices';
import { updatePlatform } from '@/lib/domain/platforms/update-platform';
import { servicesAnswer, type ServiceView } from './list-services';

/**
 * Issue #35 item 3: `services` keeps what every caller's answer is made of (platforms, packages on
 * sale, prices per action, the site's minimum) per node, and an admin's change on any node is in
 * the very next answer of every node. Two nodes: on PostgreSQL two database handles on one
 * database (as two processes have), on PGlite the one handle. Node A's writes go through the
 * admin's functions, each of which ends this process's public caches (publicContentChanged); node
 * B runs in another process, where that call never happens, so after each write on A the process's
 * generation is put back to what B would still have: what B's answer follows is the database alone.
 */
const w = setupWorld();
let nodeB: DbHandle | undefined;
const dbB = () => nodeB?.db ?? w.t.db;
let adminId: number;

beforeAll(async () => {
  if (onPostgres()) nodeB = await open({ databaseUrl: w.t.url!, max: 2 });
  const [admin] = await w.t.db.select({ id: users.id }).from(users).where(eq(users.rol, 'admin'));
  adminId = admin!.id;
});
afterAll(async () => {
  await nodeB?.close();
});
beforeEach(async () => {
  await w.t.db.delete(servicePrices);
  await w.t.db.update(siteSettings).set({ twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
  await w.t.db.update(packages).set({ deletedAt: new Date() });
});

const g = globalThis as typeof globalThis & { __etkPublicGeneration?: number };
/** An admin's write on node A; node B's process never sees A's publicContentChanged. */
async function onNodeA<T>(write: () => Promise<T>): Promise<T> {
  const generation = g.__etkPublicGeneration;
  try {
    return await write();
  } finally {
    g.__etkPublicGeneration = generation;
  }
}

const byKey = async (userId: number, locale: 'en' | 'de' | 'tr' = 'en') =>
  Object.fromEntries((JSON.parse(await servicesAnswer(dbB(), { id: userId }, locale)) as ServiceView[]).map((s) => [s.key, s]));

describe('services: the kept shared part follows every admin change, on every node', () => {
  it('a price per action set or changed on node A is in node B’s next answer', async () => {
    const { user } = await makeUser(w.t);
    expect((await byKey(user.id)).like).toMatchObject({ billing: 'package', rate: '0.00', max: 0 });

    await onNodeA(() => setActionPrices(w.t.db, { id: adminId }, 'twitter', { like: { price: '0.05', enabled: true, max_profiles: 20 } }));
    expect((await byKey(user.id)).like).toMatchObject({ billing: 'balance', rate: '50.00', max: 20 });

    await onNodeA(() => setActionPrices(w.t.db, { id: adminId }, 'twitter', { like: { price: '0.07', enabled: true, max_profiles: 20 } }));
    expect((await byKey(user.id)).like).toMatchObject({ billing: 'balance', rate: '70.00' });

    await onNodeA(() => setActionPrices(w.t.db, { id: adminId }, 'twitter', { like: { price: '', enabled: false, max_profiles: 20 } }));
    expect((await byKey(user.id)).like).toMatchObject({ billing: 'package', rate: '0.00', max: 0 });
  });

  it('a platform switched off or an endpoint removed on node A leaves node B’s next answer', async () => {
    const { user } = await makeUser(w.t);
    expect(Object.keys(await byKey(user.id))).toEqual(expect.arrayContaining(['like', 'reels_like']));

    await onNodeA(() => updatePlatform(w.t.db, { id: adminId }, 'instagram', { aktif: false }));
    expect(Object.keys(await byKey(user.id))).not.toContain('reels_like');
    await onNodeA(() => updatePlatform(w.t.db, { id: adminId }, 'instagram', { aktif: true }));
    expect(Object.keys(await byKey(user.id))).toContain('reels_like');

    const [twitter] = await w.t.db.select().from(platforms).where(eq(platforms.ad, 'twitter'));
    await onNodeA(() => updatePlatform(w.t.db, { id: adminId }, 'twitter', { api_endpoints: { like: '' } }));
    expect(Object.keys(await byKey(user.id))).not.toContain('like');
    // Put back as it was (the sim's address is a private one, which the admin's form refuses here).
    await onNodeA(() => w.t.db.update(platforms).set({ apiEndpoints: twitter!.apiEndpoints }).where(eq(platforms.ad, 'twitter')));
    expect(Object.keys(await byKey(user.id))).toContain('like');
  });

  it('a package put on sale on node A sets node B’s package rate', async () => {
    const { user } = await makeUser(w.t);
    expect((await byKey(user.id)).retweet).toMatchObject({ billing: 'package', rate: '0.00' });
    // $30 a month for 10 a day × 10 profiles × 30 days = 3,000 actions: $10 per 1000.
    await onNodeA(() =>
      createPackage(w.t.db, { id: adminId }, { ad: 'Cache', platform_fiyatlari: { twitter: 30, instagram: 30, youtube: 30, tiktok: 30 }, gunluk_limit: 10, profil_limit: 10 } as never),
    );
    expect((await byKey(user.id)).retweet).toMatchObject({ billing: 'package', rate: '10.00' });
  });

  it('the site’s minimum profiles changed on node A is node B’s next `min`', async () => {
    const { user } = await makeUser(w.t);
    expect((await byKey(user.id)).like).toMatchObject({ min: 1 });
    await onNodeA(() => w.t.db.update(siteSettings).set({ twitterMinProfiles: 4 }).where(eq(siteSettings.id, 1)));
    expect((await byKey(user.id)).like).toMatchObject({ min: 4 });
  });

  it('answers each caller by their own packages and each language in its words, from the one kept part', async () => {
    const plain = await makeUser(w.t);
    const holder = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 10, profilLimit: 7 } } });
    await onNodeA(() => setActionPrices(w.t.db, { id: adminId }, 'twitter', { like: { price: '0.05', enabled: true, max_profiles: 20 } }));
    for (let i = 0; i < 2; i++) {
      expect((await byKey(plain.user.id)).like).toMatchObject({ billing: 'balance', rate: '50.00', max: 20 });
      expect((await byKey(holder.user.id)).like).toMatchObject({ billing: 'package', max: 7, rate_balance: '50.00' });
    }
    expect((await byKey(plain.user.id, 'en')).like!.name).toBe('Like');
    expect((await byKey(plain.user.id, 'de')).like!.name).toBe('Gefällt mir');
    expect((await byKey(plain.user.id, 'tr')).like!.name).toBe('Beğeni');
  });
});
