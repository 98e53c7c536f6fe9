import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { balanceLedger, profiles, servicePrices } from '@/db/schema';
import { FOLLOWER_PRICED_SERVICES, platformOfService } from '@/lib/domain/catalogue/services';
import { makeUser, setupWorld } from '@/test/fixtures/world';
import { sendOperation } from './send-operation';

/**
 * A post paid per profile by its followers is priced by its profiles' follower tiers only, never
 * per action (issue #33 item 7): the admin API refuses such a price, and the send ignores a row
 * that got into service_prices some other way. The send asks the registry which services those
 * are (issue #34 item 8).
 */
const w = setupWorld();

describe('a post paid by followers', () => {
  it('is never paid per action, even with an enabled price row for it', async () => {
    const service = FOLLOWER_PRICED_SERVICES[0]!;
    const platform = platformOfService(service)!;
    await w.t.db.insert(servicePrices).values({ service, platform, priceCents: 10, enabled: true, maxProfiles: 10 });
    const { user } = await makeUser(w.t, { bakiyeCents: 100_000 });
    const [profile] = await w.t.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.platform, platform), eq(profiles.status, 'active')))
      .limit(1);
    await expect(
      sendOperation(w.t.db, { id: user.id, rol: 'user' }, service, { profileIds: [profile!.id], tweetText: 'hello' }, { enqueue: async () => {} }),
    ).rejects.toMatchObject({ code: 'NO_PACKAGE' });
    expect(await w.t.db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id))).toHaveLength(1);
  });
});
