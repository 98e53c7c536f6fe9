import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orders, profileDailyRecords, profiles } from '@/db/schema';
import { rowsOf } from '@/db/rows';
import { setupWorld, makeUser } from '@/test/fixtures/world';
import { finalizeOrder } from './finalize-order';
import { pickProfiles } from './pick-profiles';
import { sendOperation } from './send-operation';

// Issue #35: the server's pick ranks profiles by their daily records (profile_daily_records), which
// finalizeOrder keeps, instead of reading every order of the window.
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 100_000, profilLimit: 50 } };
const noEnqueue = async () => {};
let tweet = 1_800_000_000_000_000_000n;
const freshTweet = () => `https://x.com/records/status/${tweet++}`;

async function twitterIds(n: number, offset = 0) {
  const rows = await w.t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id)
    .limit(n)
    .offset(offset);
  return rows.map((r) => r.id);
}

async function records(ids: number[]) {
  const rows = await w.t.db
    .select({ id: profileDailyRecords.profileId, ok: sql<number>`sum(${profileDailyRecords.successes})::int`, n: sql<number>`sum(${profileDailyRecords.results})::int` })
    .from(profileDailyRecords)
    .where(sql`${profileDailyRecords.profileId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    .groupBy(profileDailyRecords.profileId);
  return new Map(rows.map((r) => [r.id, { ok: r.ok, n: r.n }]));
}

/** What the orders' own results say of these profiles (ended orders only): the counters must agree. */
async function fromOrders(ids: number[]) {
  const rows = rowsOf<{ id: number; ok: number; n: number }>(
    await w.t.db.execute(sql`
      select (r.value->>'profile_id')::int as id, (count(*) filter (where r.value->>'result' = 'success'))::int as ok, count(*)::int as n
        from ${orders} o, jsonb_array_elements(o.results) r
       where o.status in ('completed', 'partial', 'failed') and (r.value->>'profile_id')::int in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
       group by 1`),
  );
  return new Map(rows.map((r) => [Number(r.id), { ok: Number(r.ok), n: Number(r.n) }]));
}

describe('profile daily records (issue #35)', () => {
  it('an ended order adds its per-profile results once, on the day it was created', async () => {
    const { user } = await makeUser(w.t, { packages: PKG });
    const ids = await twitterIds(3, 40);
    const { taskId } = await sendOperation(w.t.db, user, 'like', { profileIds: ids, targetUrl: freshTweet() }, { enqueue: noEnqueue });
    expect(await records(ids)).toEqual(new Map());
    const outcomes = new Map<number, 'success' | 'failed' | 'pending'>([
      [ids[0]!, 'success'],
      [ids[1]!, 'failed'],
      [ids[2]!, 'pending'],
    ]);
    expect((await finalizeOrder(w.t.db, taskId, { outcomes })).changed).toBe(true);
    // Ended once: a second end changes nothing, and counts nothing again.
    expect((await finalizeOrder(w.t.db, taskId, { outcomes })).changed).toBe(false);
    const got = await records(ids);
    expect(got).toEqual(await fromOrders(ids));
    expect(got.get(ids[0]!)).toEqual({ ok: 1, n: 1 });
    // A profile the provider never answered for ends as failed in the order's results: counted so.
    expect(got.get(ids[2]!)).toEqual({ ok: 0, n: 1 });
    const [order] = await w.t.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, taskId));
    const [row] = await w.t.db.select().from(profileDailyRecords).where(eq(profileDailyRecords.profileId, ids[0]!));
    expect(row).toMatchObject({ platform: 'twitter', day: order!.createdAt.toISOString().slice(0, 10) });
  });

  it('stays exact when orders of the same profiles end at the same time', async () => {
    const { user } = await makeUser(w.t, { packages: PKG });
    const ids = await twitterIds(3, 44);
    const tasks: string[] = [];
    for (let i = 0; i < 12; i++) {
      tasks.push((await sendOperation(w.t.db, user, 'like', { profileIds: ids, targetUrl: freshTweet() }, { enqueue: noEnqueue })).taskId);
    }
    // Every order ends at once, in different orders of success: the counters take every one.
    await Promise.all(
      tasks.map((taskId, i) =>
        finalizeOrder(w.t.db, taskId, {
          outcomes: new Map<number, 'success' | 'failed' | 'pending'>(ids.map((id, k) => [id, (i + k) % 3 === 0 ? 'failed' : 'success'])),
        }),
      ),
    );
    const got = await records(ids);
    expect(got).toEqual(await fromOrders(ids));
    expect([...got.values()].reduce((a, r) => a + r.n, 0)).toBe(36);
  });

  it('the pick ranks by the records of the window, not by older days', async () => {
    const ids = await twitterIds(3, 50);
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    // ids[2]: a perfect record in the window; ids[0]: a perfect record, but a month ago, and a bad one now.
    await w.t.db.insert(profileDailyRecords).values([
      { platform: 'twitter', day: today, profileId: ids[2]!, successes: 40, results: 40 },
      { platform: 'twitter', day: old, profileId: ids[0]!, successes: 500, results: 500 },
      { platform: 'twitter', day: today, profileId: ids[0]!, successes: 0, results: 40 },
    ]);
    const picked = await w.t.db.transaction((tx) => pickProfiles(tx, { platform: 'twitter', service: 'like', targetUrl: freshTweet(), quantity: 60, upTo: true }));
    expect(picked[0]).toBe(ids[2]);
    expect(picked.at(-1)).toBe(ids[0]);
  });
});
