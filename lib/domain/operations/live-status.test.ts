import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { profiles } from '@/db/schema';
import { attachSocketServer } from '@/server/socket-server';
import { call } from '@/test/http';
import { GET as getOperationRoute } from '@/app/api/operations/[taskId]/route';
import { configureSim } from '@/lib/domain/provider/sim';
import { startOrderWorker } from './order-worker';
import type { OperationUpdate } from './operation-update';
import { setupWorld, fastClient, freshUrl, makeUser } from '@/test/fixtures/world';
import { sendHandler } from '@/app/api/_lib/platform-routes';

const like = sendHandler('like');
const reelsComment = sendHandler('reels_comment');

const w = setupWorld();
let http: HttpServer;
let url: string;
let io: ReturnType<typeof attachSocketServer>;
let worker: { stop: () => void };
const sockets: Socket[] = [];

beforeAll(async () => {
  configureSim({ reset: true, minDelayMs: 50, maxDelayMs: 400, failRate: 0.2 });
  http = createServer();
  io = attachSocketServer(http, w.t.db);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  worker = await startOrderWorker(w.t.db, { client: fastClient(), pollIntervalMs: 50, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  worker.stop();
  for (const s of sockets) s.close();
  await new Promise<void>((r) => io.close(() => r()));
});

async function socketFor(token: string) {
  const s = connect(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, query: { token } });
  sockets.push(s);
  await new Promise((resolve, reject) => {
    s.once('authenticated', resolve);
    s.once('auth_error', reject);
  });
  return s;
}

const ALL = { twitter: { gunlukLimit: 50, profilLimit: 10 }, instagram: { gunlukLimit: 50, profilLimit: 10 } };

describe('live status over Socket.IO', () => {
  it('streams a send through the queue, the worker and the simulated provider to a completed operation_update, to the owner only', async () => {
    const a = await makeUser(w.t, { packages: ALL });
    const b = await makeUser(w.t, { packages: ALL });
    const sa = await socketFor(a.token);
    const sb = await socketFor(b.token);
    const seenByB: unknown[] = [];
    sb.on('operation_update', (e) => seenByB.push(e));
    const seenByA: OperationUpdate[] = [];
    const completed = new Promise<OperationUpdate>((resolve) =>
      sa.on('operation_update', (e: OperationUpdate) => {
        seenByA.push(e);
        if (e.status === 'completed') resolve(e);
      }),
    );

    const ids = (await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'twitter'), eq(profiles.status, 'active'))).limit(5)).map((p) => p.id);
    const res = await call(like, { token: a.token, body: { profile_ids: ids, tweet_url: freshUrl('tweet') } });
    expect(res.status).toBe(200);
    const taskId = res.body.task_id as string;

    const final = await completed;
    expect(final).toMatchObject({ operation: 'like', task_id: taskId, status: 'completed', total_count: 5 });
    expect(final.result.map((r) => r.profile_id).sort()).toEqual([...ids].sort());
    expect(final.success_count).toBe(final.result.filter((r) => r.result === 'success').length);
    expect(seenByA.every((e) => e.task_id === taskId)).toBe(true);

    // After a reconnect the client reads the same state from the status call; another user cannot.
    const mine = await call(getOperationRoute, { token: a.token, params: { taskId } });
    expect(mine.body).toMatchObject({ success: true, task_id: taskId, status: 'completed', operation: 'like', success_count: final.success_count, total_count: 5 });
    // The durum tells a partly failed order apart from a successful one (never better than the truth).
    const durum = final.success_count === 5 ? 'basarili' : final.success_count === 0 ? 'basarisiz' : 'kismi';
    expect(mine.body.durum).toBe(durum);
    const theirs = await call(getOperationRoute, { token: b.token, params: { taskId } });
    expect(theirs).toMatchObject({ status: 404, body: { code: 'TASK_NOT_FOUND' } });

    await new Promise((r) => setTimeout(r, 200));
    expect(seenByB).toEqual([]);
  });

  it('keeps two users apart while both have orders running', async () => {
    const a = await makeUser(w.t, { packages: ALL });
    const b = await makeUser(w.t, { packages: ALL });
    const sa = await socketFor(a.token);
    const sb = await socketFor(b.token);
    const got: { a: OperationUpdate[]; b: OperationUpdate[] } = { a: [], b: [] };
    const doneA = new Promise<void>((r) => sa.on('operation_update', (e: OperationUpdate) => (got.a.push(e), e.status === 'completed' && r())));
    const doneB = new Promise<void>((r) => sb.on('operation_update', (e: OperationUpdate) => (got.b.push(e), e.status === 'completed' && r())));
    const ig = (await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, 'instagram'), eq(profiles.status, 'active'))).limit(3)).map((p) => p.id);
    // The same profiles, each user on their own reel (a profile comments on one reel once).
    const ra = await call(reelsComment, { token: a.token, body: { profile_ids: ig, reels_url: freshUrl('reel'), prompt: 'Harika!' } });
    const rb = await call(reelsComment, { token: b.token, body: { profile_ids: ig, reels_url: freshUrl('reel') } });
    await Promise.all([doneA, doneB]);
    expect(got.a.every((e) => e.task_id === ra.body.task_id)).toBe(true);
    expect(got.b.every((e) => e.task_id === rb.body.task_id)).toBe(true);
  });
});
