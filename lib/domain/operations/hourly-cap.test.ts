import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, profileActions, profiles, siteSettings } from '@/db/schema';
import { configureSim, simStats } from '@/lib/domain/provider/sim';
import { call } from '@/test/http';
import { signToken } from '@/lib/domain/credentials';
import { GET as getSettings, PUT as putSettings } from '@/app/api/site-ayar/route';
import { setupWorld, fastClient, makeUser } from '@/test/fixtures/world';
import { sendOperation } from './send-operation';
import { processOrder } from './process-order';
import { bookProfileActions, profileHourlyCap } from './hourly-cap';
import { cancelOrder } from './cancel-order';

const w = setupWorld();
const ALL = { twitter: { gunlukLimit: 1000, profilLimit: 20 } };
const noEnqueue = async () => {};
const HOUR = 3600_000;
const MIN = 60_000;
/** A fixed hour far from the other tests' sends, so only this file's bookings count. */
const T0 = Date.UTC(2031, 0, 1, 12, 0, 0);
const at = (ms: number) => new Date(T0 + ms);

beforeEach(() => {
  configureSim({ reset: true, minDelayMs: 1, maxDelayMs: 5, failRate: 0 });
});

async function twitterIds(n: number, offset: number) {
  const rows = await w.t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active')))
    .orderBy(profiles.id);
  return rows.slice(offset, offset + n).map((r) => r.id);
}

let tweet = 0;
async function like(userId: number, ids: number[]) {
  const user = { id: userId, rol: 'user' as const };
  tweet++;
  const { taskId } = await sendOperation(w.t.db, user, 'like', { profileIds: ids, targetUrl: `https://x.com/cap/status/${1790000000000000000n + BigInt(tweet)}` }, { enqueue: noEnqueue });
  return taskId;
}
const orderRow = async (id: string) => (await w.t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the per-profile hourly cap (issue #17)', () => {
  it('holds a send whose profile used its hour back, whole, until it has room, then sends it once', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const [p, q] = await twitterIds(2, 12);
    const run = (id: string, now: Date, later: Date[] = []) =>
      processOrder(w.t.db, id, { client: fastClient(), emit: () => {}, pollIntervalMs: 5, hourlyCap: 2, now: () => now, enqueueLater: async (_tx, _id, when) => void later.push(when) });

    expect(await run(await like(user.id, [p!]), at(0))).toBe('finalized');
    expect(await run(await like(user.id, [p!]), at(10 * MIN))).toBe('finalized');
    // p acted twice in this hour: a third send with p waits until the first action is an hour old;
    // q, which has room, waits with it (the send's profiles act together).
    const third = await like(user.id, [p!, q!]);
    const sends = simStats().sends;
    const later: Date[] = [];
    expect(await run(third, at(20 * MIN), later)).toBe('waiting');
    expect(simStats().sends).toBe(sends);
    expect(later).toEqual([at(HOUR)]);
    // Until then the order is waiting, not stuck: it counts as moved at the moment it will go.
    expect(await orderRow(third)).toMatchObject({ status: 'pending', updatedAt: at(HOUR) });
    // A send with q alone is not held.
    expect(await run(await like(user.id, [q!]), at(21 * MIN))).toBe('finalized');
    // Early (a job delivered again): still waiting. On time: sent.
    expect(await run(third, at(HOUR - MIN))).toBe('waiting');
    expect(await run(third, at(HOUR))).toBe('finalized');
    expect(await orderRow(third)).toMatchObject({ status: 'completed', successCount: 2 });
    const booked = await w.t.db.select({ profileId: profileActions.profileId, at: profileActions.at }).from(profileActions).where(eq(profileActions.orderId, third));
    expect(booked.map((b) => b.profileId).sort((a, b) => a - b)).toEqual([p, q].sort((a, b) => a! - b!));
    expect(booked.every((b) => b.at.getTime() === T0 + HOUR)).toBe(true);
  });

  it('books a send once however often it is retried, gives a cancelled send’s booking back, and books nothing without a cap', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const [p] = await twitterIds(1, 14);
    const first = await like(user.id, [p!]);
    const second = await like(user.id, [p!]);
    expect(await bookProfileActions(w.t.db, { orderId: first, batchIndex: 0, profileIds: [p!], cap: 1, now: at(2 * HOUR) })).toBeNull();
    // The same send again (a retry after a provider error): its own booking, not a second action.
    expect(await bookProfileActions(w.t.db, { orderId: first, batchIndex: 0, profileIds: [p!], cap: 1, now: at(2 * HOUR + MIN) })).toBeNull();
    expect(await w.t.db.select().from(profileActions).where(eq(profileActions.orderId, first))).toHaveLength(1);
    expect(await bookProfileActions(w.t.db, { orderId: second, batchIndex: 0, profileIds: [p!], cap: 1, now: at(2 * HOUR + MIN) })).toEqual(at(3 * HOUR));
    // A cancel that wins the race after a booking (nothing was sent) takes the booking back.
    await cancelOrder(w.t.db, { userId: user.id, orderId: first }, { emit: () => {} });
    expect(await w.t.db.select().from(profileActions).where(eq(profileActions.orderId, first))).toHaveLength(0);
    expect(await bookProfileActions(w.t.db, { orderId: second, batchIndex: 0, profileIds: [p!], cap: 1, now: at(2 * HOUR + MIN) })).toBeNull();
    await w.t.db.delete(profileActions).where(eq(profileActions.orderId, second));
    // No cap: nothing is booked, nothing waits.
    expect(await bookProfileActions(w.t.db, { orderId: second, batchIndex: 0, profileIds: [p!], cap: 0, now: at(2 * HOUR + MIN) })).toBeNull();
    expect(await w.t.db.select().from(profileActions).where(eq(profileActions.orderId, second))).toHaveLength(0);
  });

  it('lets exactly one of two sends racing for a profile’s last free action go', async () => {
    const { user } = await makeUser(w.t, { packages: ALL });
    const [p] = await twitterIds(1, 16);
    const earlier = await like(user.id, [p!]);
    await bookProfileActions(w.t.db, { orderId: earlier, batchIndex: 0, profileIds: [p!], cap: 3, now: at(5 * HOUR) });
    await bookProfileActions(w.t.db, { orderId: await like(user.id, [p!]), batchIndex: 0, profileIds: [p!], cap: 3, now: at(5 * HOUR + MIN) });
    const racers = [await like(user.id, [p!]), await like(user.id, [p!]), await like(user.id, [p!])];
    const answers = await Promise.all(racers.map((orderId) => bookProfileActions(w.t.db, { orderId, batchIndex: 0, profileIds: [p!], cap: 3, now: at(5 * HOUR + 2 * MIN) })));
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.filter((a) => a !== null)).toEqual([at(6 * HOUR), at(6 * HOUR)]);
    const inHour = await w.t.db.select().from(profileActions).where(eq(profileActions.profileId, p!));
    expect(inHour.filter((r) => r.at.getTime() > T0 + 4 * HOUR)).toHaveLength(3);
  });

  it('is a site setting an admin reads and changes (0–1000, 0 by default: no cap)', async () => {
    const { user: admin } = await makeUser(w.t, { rol: 'admin' });
    const f = { adminToken: await signToken(w.t.db, admin, 'admin') };
    expect(await profileHourlyCap(w.t.db)).toBe(0);
    const settings = (await call(getSettings, { token: f.adminToken })).body.site_ayar as Record<string, unknown>;
    expect(settings.profil_saatlik_limit).toBe(0);
    const saved = await call(putSettings, { method: 'PUT', token: f.adminToken, body: { ...settings, profil_saatlik_limit: 12 } });
    expect(saved.status).toBe(200);
    expect(await profileHourlyCap(w.t.db)).toBe(12);
    for (const bad of [-1, 1001, 2.5, 'x']) {
      const res = await call(putSettings, { method: 'PUT', token: f.adminToken, headers: { 'accept-language': 'en' }, body: { ...settings, profil_saatlik_limit: bad } });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.mesaj, String(bad)).toBe('The hourly cap must be a whole number from 0 to 1000.');
    }
    await w.t.db.update(siteSettings).set({ profileHourlyCap: 0 }).where(eq(siteSettings.id, 1));
  });
});
