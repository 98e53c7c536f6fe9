import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, profiles, siteSettings } from '@/db/schema';
import { call } from '@/test/http';
import { signToken } from '@/lib/domain/credentials';
import { searchUsersWithPackages } from '@/lib/domain/admin-users';
import { installAsAppDb } from '@/test/fixtures/db';
import { finalizeOrder } from '@/lib/domain/operations';
import { setupWorld, freshUrl, makeUser } from '@/test/fixtures/world';
import { GET as operation } from '@/app/api/operations/[taskId]/route';
import { POST as cancel } from '@/app/api/operations/[taskId]/cancel/route';
import { GET as transactions } from '@/app/api/users/transactions/me/route';
import { GET as history } from '@/app/api/islem-gecmisi/user/[userId]/service/[service]/route';
import { POST as openTicket } from '@/app/api/tickets/route';
import { GET as ticket } from '@/app/api/tickets/[id]/route';
import { GET as notices } from '@/app/api/notifications/route';
import { GET as openapi } from '@/app/api/openapi.json/route';
import { GET as exportCsv } from '@/app/api/admin/export/[kind]/route';
import type { OpenApiDocument } from '@/app/api/_lib/openapi/build-openapi';
import { sendHandler } from '@/app/api/_lib/platform-routes';

const like = sendHandler('like');

/*
 * Issue #33 item 1: the customer REST API names an order by the same integer the panel shows
 * ("#123") and the reseller API answers: `order_number` beside the UUID `task_id` (kept for
 * compatibility), and an order can be named by that number where a person types one.
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 100, profilLimit: 10 } };

beforeAll(async () => {
  installAsAppDb(w.t);
}, 120_000);
beforeEach(async () => {
  await w.t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
});

async function twitterIds(n: number) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(0, n).map((r) => r.id);
}

async function send(token: string) {
  const res = await call(like, { token, body: { profile_ids: await twitterIds(2), tweet_url: freshUrl('tweet') } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { task_id: string; order_number: number };
}

describe('the order number on the REST API', () => {
  it('answers a send with order_number beside task_id: the row’s number, the next one for the next send', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const first = await send(token);
    expect(first.task_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(first.order_number)).toBe(true);
    const [row] = await w.t.db.select().from(orders).where(eq(orders.id, first.task_id));
    expect(row!.number).toBe(first.order_number);
    expect((await send(token)).order_number).toBeGreaterThan(first.order_number);
  });

  it('finds an order by its task_id, its number or "#number", for its owner only', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const sent = await send(token);
    for (const taskId of [sent.task_id, String(sent.order_number), `#${sent.order_number}`]) {
      const res = await call(operation, { token, params: { taskId } });
      expect(res.status, taskId).toBe(200);
      expect(res.body).toMatchObject({ task_id: sent.task_id, order_number: sent.order_number });
    }
    const stranger = await makeUser(w.t, { packages: PKG });
    for (const taskId of [sent.task_id, String(sent.order_number), '0', '12abc']) {
      const res = await call(operation, { token: stranger.token, params: { taskId } });
      expect((res.body as { code?: string }).code, taskId).toBe('TASK_NOT_FOUND');
      const cancelled = await call(cancel, { token: stranger.token, params: { taskId } });
      expect((cancelled.body as { code?: string }).code, taskId).toBe('ORDER_NOT_FOUND');
    }
    // The owner cancels it by "#number" (it has not started: the worker does not run here).
    const cancelled = await call(cancel, { token, params: { taskId: `#${sent.order_number}` } });
    expect(cancelled.body).toMatchObject({ task_id: sent.task_id, order_number: sent.order_number, order_status: 'cancelled' });
  });

  it('lists the customer’s orders and the admin’s history with order_number', async () => {
    const { user, token } = await makeUser(w.t, { packages: PKG });
    const sent = await send(token);
    const page = await call(transactions, { token, path: '/api/users/transactions/me?platform=twitter' });
    expect((page.body.transactions as { id: string; order_number: number }[])[0]).toMatchObject({ id: sent.task_id, order_number: sent.order_number });
    const admin = await makeUser(w.t, { rol: 'admin' });
    const adminToken = await signToken(w.t.db, admin.user, 'admin');
    const list = await call(history, { token: adminToken, params: { userId: String(user.id), service: 'like' } });
    expect(list.status).toBe(200);
    expect((list.body.transactions as { id: string; order_number: number }[])[0]).toMatchObject({ id: sent.task_id, order_number: sent.order_number });
    // The admin's CSV export of orders has the number beside the id.
    const csv = await exportCsv(new Request(`http://localhost/api/admin/export/orders?user_id=${user.id}`, { headers: { authorization: `Bearer ${adminToken}` } }), { params: Promise.resolve({ kind: 'orders' }) });
    const [header, first] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['task_id', 'order_number']);
    expect(first!.split(',').slice(0, 2)).toEqual([`"${sent.task_id}"`, `"${sent.order_number}"`]);
  });

  it('links a ticket to the order typed as "#number" or "number", and names it by its number in the thread', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const sent = await send(token);
    for (const typed of [`#${sent.order_number}`, ` ${sent.order_number} `, sent.task_id]) {
      const made = await call(openTicket, { token, body: { category: 'order', subject: 'About my order', message: 'Please look.', order_id: typed } });
      expect(made.status, typed).toBe(201);
      const id = (made.body.ticket as { id: number }).id;
      const detail = await call(ticket, { token, params: { id: String(id) } });
      expect((detail.body.ticket as { order: unknown }).order).toMatchObject({ task_id: sent.task_id, order_number: sent.order_number });
    }
    // Someone else's number is the same refusal as a number that does not exist.
    const stranger = await makeUser(w.t, { packages: PKG });
    const theirs = await call(openTicket, { token: stranger.token, body: { category: 'order', subject: 'Not mine', message: 'x', order_id: `#${sent.order_number}` } });
    const none = await call(openTicket, { token: stranger.token, body: { category: 'order', subject: 'Nothing', message: 'x', order_id: '#999999999' } });
    expect((theirs.body as { code?: string }).code).toBe('ORDER_NOT_FOUND');
    expect((none.body as { code?: string }).code).toBe('ORDER_NOT_FOUND');
    const bad = await call(openTicket, { token: stranger.token, body: { category: 'order', subject: 'Bad', message: 'x', order_id: '#12a' } });
    expect((bad.body as { code?: string }).code).toBe('VALIDATION_FAILED');
  });

  it('names the order by its number in the notice of its end, in every language', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const sent = await send(token);
    const [row] = await w.t.db.select().from(orders).where(eq(orders.id, sent.task_id));
    await finalizeOrder(w.t.db, sent.task_id, { outcomes: new Map(row!.profileIds.map((id, i) => [id, i === 0 ? ('success' as const) : ('failed' as const)])) });
    for (const locale of ['tr', 'en', 'de']) {
      const list = await call(notices, { token, headers: { 'x-locale': locale } });
      const failed = (list.body.notifications as { kind: string; body: string }[]).find((n) => n.kind === 'order_failed');
      expect(failed?.body, locale).toContain(`#${sent.order_number}`);
    }
  });

  it('finds the customer of an order in the admin’s users search by "#number", "number" or UUID', async () => {
    const { user, token } = await makeUser(w.t, { packages: PKG });
    const sent = await send(token);
    for (const q of [`#${sent.order_number}`, ` ${sent.order_number}`, sent.task_id.toUpperCase()]) {
      const found = await searchUsersWithPackages(w.t.db, { q, limit: 24, offset: 0 });
      expect(found.users.map((u) => u.id), q).toContain(user.id);
    }
    expect((await searchUsersWithPackages(w.t.db, { q: '#999999999', limit: 24, offset: 0 })).users).toEqual([]);
  });

  it('puts order_number in the OpenAPI description of the answers that return an order', async () => {
    const doc = (await call(openapi, { path: '/api/openapi.json' })).body as unknown as OpenApiDocument;
    const answer = (path: string, method: 'get' | 'post') => JSON.stringify(doc.paths[path]?.[method]?.responses['200']);
    for (const [path, method] of [
      ['/api/twitter/like', 'post'],
      ['/api/operations/{taskId}', 'get'],
      ['/api/users/transactions/me', 'get'],
      ['/api/islem-gecmisi/user/{userId}/service/{service}', 'get'],
      ['/api/tickets/{id}', 'get'],
      ['/api/tickets/admin/{id}', 'get'],
    ] as const) {
      expect(answer(path, method), path).toContain('"order_number"');
      expect(answer(path, method), path).toContain('"integer"');
    }
    // The reseller protocol: `add` answers an integer order, `services` an integer service beside its key.
    const v2 = JSON.stringify(doc.paths['/api/v2']?.post?.responses['200']);
    expect(v2).toMatch(/"order":\{[^}]*"type":"integer"/);
    expect(v2).toContain('"key"');
  });
});
