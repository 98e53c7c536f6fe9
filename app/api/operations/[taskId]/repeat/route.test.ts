import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { orders, profiles, siteSettings } from '@/db/schema';
import { call } from '@/test/http';
import { signToken } from '@/lib/domain/credentials';
import { installAsAppDb } from '@/test/fixtures/db';
import { setupWorld, freshUrl, makeUser } from '@/test/fixtures/world';
import { GET as repeat } from '@/app/api/operations/[taskId]/repeat/route';
import { sendHandler } from '@/app/api/_lib/platform-routes';
import type { RepeatDraft } from '@/lib/domain/operations';

/*
 * Issue #36 item 4 "Reorder": the service page's Repeat reads the customer's own order as a draft
 * (service, target, prompt or tweet text, each profile's state now) and sends it through the
 * normal send. Only the owner gets it; a profile that cannot act now is named as such.
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 100, profilLimit: 10 } };
const like = sendHandler('like');
const comment = sendHandler('comment');
const newTweet = sendHandler('new_tweet');

beforeAll(async () => {
  installAsAppDb(w.t);
}, 120_000);
beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
});

async function twitterIds(n: number, skip = 0) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(skip, skip + n).map((r) => r.id);
}

async function sent(res: { status: number; body: unknown }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { task_id: string; order_number: number };
}

const draftOf = (res: { body: unknown }) => res.body as RepeatDraft & { success: boolean; code?: string };

describe('GET /api/operations/{id}/repeat', () => {
  it('gives the owner their order as a draft, by number, "#number" or task_id', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const ids = await twitterIds(2);
    const target = freshUrl('tweet');
    const order = await sent(await call(comment, { token, body: { profile_ids: ids, tweet_url: target, prompt: 'Kısa ve samimi' } }));
    for (const taskId of [String(order.order_number), `#${order.order_number}`, order.task_id]) {
      const res = await call(repeat, { token, params: { taskId } });
      expect(res.status, taskId).toBe(200);
      expect(draftOf(res)).toMatchObject({
        success: true,
        task_id: order.task_id,
        order_number: order.order_number,
        platform: 'twitter',
        service: 'comment',
        target_url: target,
        prompt: 'Kısa ve samimi',
        tweet_text: null,
      });
      // The order is still pending: its profiles are acting on the target now, so the same target would be refused.
      expect(draftOf(res).profiles.map((p) => [p.id, p.state, p.done_on_target])).toEqual(ids.map((id) => [id, 'active', true]));
      expect(draftOf(res).profiles.every((p) => p.username.length > 0)).toBe(true);
    }
  });

  it('says which profiles already acted on the target: a failed one may act on it again', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const ids = await twitterIds(3, 3);
    const order = await sent(await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl('tweet') } }));
    await w.t.db
      .update(orders)
      .set({ status: 'partial', results: [{ profile_id: ids[0]!, result: 'success' }, { profile_id: ids[1]!, result: 'failed' }, { profile_id: ids[2]!, result: 'failed' }] })
      .where(eq(orders.id, order.task_id));
    const draft = draftOf(await call(repeat, { token, params: { taskId: String(order.order_number) } }));
    expect(draft.profiles.map((p) => p.done_on_target)).toEqual([true, false, false]);
  });

  it('carries a new tweet’s text and quoted link; a new tweet has no target', async () => {
    const { token } = await makeUser(w.t, { packages: PKG, bakiyeCents: 10_000 });
    const ids = await twitterIds(1, 6);
    const quoted = freshUrl('tweet');
    const order = await sent(await call(newTweet, { token, body: { profile_ids: ids, tweet_text: 'Yeni ürünümüz çıktı!', quote_tweet_url: quoted } }));
    const draft = draftOf(await call(repeat, { token, params: { taskId: `#${order.order_number}` } }));
    expect(draft).toMatchObject({ service: 'new_tweet', target_url: null, tweet_text: 'Yeni ürünümüz çıktı!', quote_tweet_url: quoted });
    expect(draft.profiles).toEqual([expect.objectContaining({ id: ids[0], state: 'active', done_on_target: false })]);
  });

  it('names the profiles that cannot act now, in the order’s own order, and never swaps in others', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const ids = await twitterIds(4, 8);
    const order = await sent(await call(like, { token, body: { profile_ids: ids, tweet_url: freshUrl('tweet') } }));
    try {
      await w.t.db.update(profiles).set({ status: 'quarantined' }).where(eq(profiles.id, ids[0]!));
      await w.t.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, ids[1]!));
      await w.t.db.update(profiles).set({ status: 'inactive' }).where(eq(profiles.id, ids[2]!));
      // A profile id that no longer names a profile of the platform (a row gone, or never there).
      await w.t.db.update(orders).set({ profileIds: [...ids, 2_000_000_000] }).where(eq(orders.id, order.task_id));
      const draft = draftOf(await call(repeat, { token, params: { taskId: String(order.order_number) } }));
      expect(draft.profiles.map((p) => [p.id, p.state])).toEqual([
        [ids[0], 'quarantined'],
        [ids[1], 'disabled'],
        [ids[2], 'inactive'],
        [ids[3], 'active'],
        [2_000_000_000, 'gone'],
      ]);
      expect(draft.profiles.at(-1)).toMatchObject({ username: '', name: '' });
      expect(draft.profiles[0]!.username.length).toBeGreaterThan(0);
    } finally {
      await w.t.db.update(profiles).set({ status: 'active' }).where(inArray(profiles.id, ids));
    }
  });

  it('is 404 ORDER_NOT_FOUND for another customer’s order, an admin session, an unknown number and anything that is not one', async () => {
    const owner = await makeUser(w.t, { packages: PKG });
    const order = await sent(await call(like, { token: owner.token, body: { profile_ids: await twitterIds(1, 12), tweet_url: freshUrl('tweet') } }));
    const stranger = await makeUser(w.t, { packages: PKG });
    const admin = await makeUser(w.t, { rol: 'admin' });
    const adminSession = await signToken(w.t.db, admin.user, 'admin');
    for (const token of [stranger.token, adminSession]) {
      for (const taskId of [String(order.order_number), `#${order.order_number}`, order.task_id]) {
        const res = await call(repeat, { token, params: { taskId } });
        expect(res.status, taskId).toBe(404);
        expect(draftOf(res)).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
        expect(JSON.stringify(res.body)).not.toContain(order.task_id);
      }
    }
    for (const taskId of ['0', '999999999', '12abc', '00000000-0000-4000-8000-000000000000', 'x'.repeat(100)]) {
      const res = await call(repeat, { token: owner.token, params: { taskId } });
      expect(res.status, taskId).toBe(404);
      expect(draftOf(res).code).toBe('ORDER_NOT_FOUND');
    }
    expect((await call(repeat, { params: { taskId: String(order.order_number) } })).status).toBe(401);
    expect((await call(repeat, { token: owner.token, params: { taskId: 'x'.repeat(101) } })).status).toBe(400);
  });
});
