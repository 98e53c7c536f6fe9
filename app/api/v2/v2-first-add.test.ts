import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, profiles } from '@/db/schema';
import { setupWorld, makeUser } from '@/test/fixtures/world';
import { makeApiKey } from '@/test/fixtures/api-keys';
import { callV2 } from '@/app/api/v2/call-v2';

/**
 * Issue #35 item 5: on a fresh database the very first `add` came before the profiles had ever
 * been synced (the worker's sync loop starts a moment after the node; an HTTP-only node never
 * syncs) and answered NOT_ENOUGH_PROFILES "available 0" while the provider listed dozens.
 * The world here is seeded with the provider's endpoints but not synced, as such a database is.
 */
describe('the first add on a database whose profiles were never synced', () => {
  const w = setupWorld({ profiles: false });

  it('syncs the platform first and places the order with the server’s pick', async () => {
    expect(await w.t.db.select({ id: profiles.id }).from(profiles)).toHaveLength(0);
    const { user } = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 50, profilLimit: 10 } } });
    const { key } = await makeApiKey(w.t.db, user.id);

    const res = await callV2({ key, action: 'add', service: 'like', link: 'https://x.com/etkilesim/status/1795000000000000001', quantity: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ order: expect.any(Number), charge: '0.00' });

    const active = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')));
    expect(active.length).toBeGreaterThan(3);
    const [order] = await w.t.db.select().from(orders).where(eq(orders.number, (res.body as { order: number }).order));
    expect(order!.profileIds).toHaveLength(3);
    expect(order!.profileIds.every((id) => active.some((p) => p.id === id))).toBe(true);
  });
});
