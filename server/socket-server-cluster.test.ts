import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { ADAPTER_APPLICATION_NAME, attachSocketServer, closeSocketServer } from './socket-server';
import { userRoom } from '@/lib/infra/realtime/emit';

// Two Socket.IO servers on one PostgreSQL: only meaningful (and only possible) on the real server.
describe.runIf(onPostgres())('Socket.IO across two nodes', () => {
  const t = setupTestDb();
  const nodes: { http: HttpServer; io: Server; url: string }[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const http = createServer();
      const io = attachSocketServer(http, t.db, { databaseUrl: t.url });
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
      nodes.push({ http, io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const n of nodes) await closeSocketServer(n.io);
  });

  it('delivers an event emitted on node A to the owner connected to node B, and to nobody else', async () => {
    const made = await t.db
      .insert(users)
      .values([
        { adSoyad: 'Owner', email: 'owner@example.com', passwordHash: 'h' },
        { adSoyad: 'Other', email: 'other@example.com', passwordHash: 'h' },
      ])
      .returning();
    const [owner, other] = made;
    const open = (url: string, token: string) => {
      const s = connect(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, auth: { token } });
      sockets.push(s);
      return s;
    };
    const onB = open(nodes[1]!.url, await signToken(t.db, owner!, 'user'));
    const otherOnB = open(nodes[1]!.url, await signToken(t.db, other!, 'user'));
    await Promise.all([onB, otherOnB].map((s) => new Promise((r) => s.once('authenticated', r))));
    const leaked: unknown[] = [];
    otherOnB.on('operation_update', (p) => leaked.push(p));

    const received = new Promise((r) => onB.once('operation_update', r));
    // The adapter needs a moment to subscribe to the channel after start.
    const deadline = Date.now() + 10_000;
    let got: unknown;
    while (!got && Date.now() < deadline) {
      nodes[0]!.io.to(userRoom(owner!.id)).emit('operation_update', { task_id: 'cross-node' });
      got = await Promise.race([received, new Promise((r) => setTimeout(() => r(undefined), 300))]);
    }
    expect(got).toEqual({ task_id: 'cross-node' });
    expect(leaked).toEqual([]);
  });

  // A PostgreSQL restart or failover drops the adapter's connections, LISTEN included. The
  // adapter alone neither handled that client's error (an uncaught exception) nor gave it back
  // to its pool of two, so after one restart every publish waited for ever.
  it('goes on delivering across nodes after PostgreSQL drops the adapter\'s connections, twice', async () => {
    const [owner] = await t.db.insert(users).values({ adSoyad: 'Again', email: 'again@example.com', passwordHash: 'h' }).returning();
    const onB = connect(nodes[1]!.url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, auth: { token: await signToken(t.db, owner!, 'user') } });
    sockets.push(onB);
    await new Promise((r) => onB.once('authenticated', r));
    for (let round = 1; round <= 2; round++) {
      const killed = (await t.db.execute(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = ${ADAPTER_APPLICATION_NAME} and datname = current_database()`,
      )) as unknown as { done: boolean }[];
      expect(killed.length).toBeGreaterThan(0);
      const payload = { task_id: `after-drop-${round}` };
      const received = new Promise((r) => onB.on('operation_update', (p) => JSON.stringify(p) === JSON.stringify(payload) && r(p)));
      // The adapter listens again after 1–3 s.
      const deadline = Date.now() + 20_000;
      let got: unknown;
      while (!got && Date.now() < deadline) {
        nodes[0]!.io.to(userRoom(owner!.id)).emit('operation_update', payload);
        got = await Promise.race([received, new Promise((r) => setTimeout(() => r(undefined), 300))]);
      }
      expect(got).toEqual(payload);
    }
  });
});
