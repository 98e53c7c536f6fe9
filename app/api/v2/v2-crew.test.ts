import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crews, orders, profiles } from '@/db/schema';
import { setupWorld, makeUser, freshUrl } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';

/*
 * Issue #36 item 3: `add` takes `crew` (the caller's crew, by id or name) instead of the server's
 * pick: its active profiles act, the others are skipped, never replaced; `quantity` takes the first
 * that many; an unknown crew, another customer's and another platform's are refusals in the
 * protocol's shape (HTTP 200 {error, code}) and place nothing.
 */
const w = setupWorld();

async function twitterIds(n: number, offset: number) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(offset, offset + n).map((r) => r.id);
}

describe('add with a crew (reseller API)', () => {
  it('acts with the crew’s available profiles, by id or by name, and records the crew', async () => {
    const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 50, profilLimit: 10 }, instagram: { gunlukLimit: 50, profilLimit: 10 } } });
    const { key } = await makeApiKey(w.t.db, user.id);
    const ids = await twitterIds(4, 50);
    const [crew] = await w.t.db.insert(crews).values({ userId: user.id, platform: 'twitter', name: 'Shop team', profileIds: ids }).returning();
    await w.t.db.update(profiles).set({ status: 'quarantined' }).where(eq(profiles.id, ids[1]!));
    try {
      const byName = await callV2({ key, action: 'add', service: 'like', link: freshUrl('tweet'), crew: 'Shop team' });
      expect(byName.body, JSON.stringify(byName.body)).toEqual({ order: expect.any(Number), charge: '0.00' });
      const [row] = await w.t.db.select().from(orders).where(eq(orders.number, (byName.body as { order: number }).order));
      expect(row!.profileIds).toEqual([ids[0], ids[2], ids[3]]);
      expect(row!.crewId).toBe(crew!.id);

      const firstTwo = await callV2({ key, action: 'add', service: 'like', link: freshUrl('tweet'), crew: crew!.id, quantity: 2 });
      const [two] = await w.t.db.select().from(orders).where(eq(orders.number, (firstTwo.body as { order: number }).order));
      expect(two!.profileIds).toEqual([ids[0], ids[2]]);

      const tooMany = await callV2({ key, action: 'add', service: 'like', link: freshUrl('tweet'), crew: crew!.id, quantity: 4 });
      expect([tooMany.status, (tooMany.body as { code: string }).code, (tooMany.body as { available: unknown }).available]).toEqual([200, 'NOT_ENOUGH_PROFILES', '3']);
    } finally {
      await w.t.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, ids[1]!));
    }
  });

  it('refuses an unknown crew, another customer’s and another platform’s, in the protocol’s shape', async () => {
    const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 50, profilLimit: 10 }, instagram: { gunlukLimit: 50, profilLimit: 10 } } });
    const other = await makeUser(w.t, {});
    const { key } = await makeApiKey(w.t.db, user.id);
    const ids = await twitterIds(2, 0);
    const [theirs] = await w.t.db.insert(crews).values({ userId: other.user.id, platform: 'twitter', name: 'Theirs', profileIds: ids }).returning();
    const [insta] = await w.t.db.insert(crews).values({ userId: user.id, platform: 'instagram', name: 'Insta', profileIds: [] }).returning();
    for (const [crew, code] of [
      ['No such crew', 'CREW_NOT_FOUND'],
      [theirs!.id, 'CREW_NOT_FOUND'],
      ['Theirs', 'CREW_NOT_FOUND'],
      [insta!.id, 'CREW_OTHER_PLATFORM'],
      ['Insta', 'CREW_OTHER_PLATFORM'],
    ] as const) {
      const res = await callV2({ key, action: 'add', service: 'like', link: freshUrl('tweet'), crew });
      expect([res.status, (res.body as { code: string }).code], String(crew)).toEqual([200, code]);
    }
    const both = await callV2({ key, action: 'add', service: 'like', link: freshUrl('tweet'), crew: 'Insta', profile_ids: ids });
    expect((both.body as { code: string }).code).toBe('VALIDATION_FAILED');
    expect(await w.t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });
});
