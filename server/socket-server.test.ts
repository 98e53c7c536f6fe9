import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { attachSocketServer } from './socket-server';
import { emitToUser, notifyDashboard } from '@/lib/infra/realtime/emit';

const t = setupTestDb();
let http: HttpServer;
let url: string;
let io: ReturnType<typeof attachSocketServer>;
const sockets: Socket[] = [];

beforeAll(async () => {
  http = createServer();
  io = attachSocketServer(http, t.db);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await new Promise<void>((r) => io.close(() => r()));
});

async function makeUser(email: string) {
  const [u] = await t.db.insert(users).values({ adSoyad: 'U', email, passwordHash: 'h' }).returning();
  return { user: u!, token: await signToken(t.db, u!, 'user') };
}

function open(options: Parameters<typeof connect>[1] = {}): Socket {
  const s = connect(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, ...options });
  sockets.push(s);
  return s;
}

const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

describe('Socket.IO authentication', () => {
  it('answers auth_error for a forged token', async () => {
    const s = open();
    await next(s, 'connect');
    s.emit('authenticate', 'not-a-token');
    await expect(next(s, 'auth_error')).resolves.toBeDefined();
  });

  it('authenticates by the authenticate event and by the handshake query', async () => {
    const { user, token } = await makeUser('sock1@example.com');
    const a = open();
    await next(a, 'connect');
    a.emit('authenticate', token);
    expect(await next<{ userId: number }>(a, 'authenticated')).toEqual({ userId: user.id });
    const b = open({ query: { token } });
    expect(await next<{ userId: number }>(b, 'authenticated')).toEqual({ userId: user.id });
  });

  it('delivers a user event to that user only', async () => {
    const one = await makeUser('sock2@example.com');
    const two = await makeUser('sock3@example.com');
    const a = open({ auth: { token: one.token } });
    const b = open({ auth: { token: two.token } });
    await Promise.all([next(a, 'authenticated'), next(b, 'authenticated')]);
    const leaked: unknown[] = [];
    b.on('operation_update', (p) => leaked.push(p));
    const received = next<{ task_id: string }>(a, 'operation_update');
    emitToUser(one.user.id, 'operation_update', { task_id: 't1' });
    expect(await received).toEqual({ task_id: 't1' });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toEqual([]);
  });

  it('refuses a token whose session was revoked', async () => {
    const { user, token } = await makeUser('sock4@example.com');
    await t.db.update(users).set({ sessionVersion: 2 }).where(eq(users.id, user.id));
    const s = open({ auth: { token } });
    await expect(next(s, 'auth_error')).resolves.toBeDefined();
  });

  it('tells the admins\' dashboards of a change, at most once a second, and never a customer or a user-kind token', async () => {
    const admin = await makeUser('sock-admin@example.com');
    await t.db.update(users).set({ rol: 'admin' }).where(eq(users.id, admin.user.id));
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    const adminToken = await signToken(t.db, row!, 'admin');
    const adminAsUser = await signToken(t.db, row!, 'user');
    const customer = await makeUser('sock-customer@example.com');
    const dashboard = open({ auth: { token: adminToken } });
    const shop = open({ auth: { token: adminAsUser } });
    const other = open({ auth: { token: customer.token } });
    await Promise.all([next(dashboard, 'authenticated'), next(shop, 'authenticated'), next(other, 'authenticated')]);
    const got: string[] = [];
    const leaked: unknown[] = [];
    dashboard.on('dashboard_changed', (p: { at: string }) => got.push(p.at));
    shop.on('dashboard_changed', (p) => leaked.push(p));
    other.on('dashboard_changed', (p) => leaked.push(p));
    await new Promise((r) => setTimeout(r, 1100)); // past any earlier test's throttle window
    for (let i = 0; i < 5; i++) notifyDashboard(); // a burst: one event now, one at its end
    await new Promise((r) => setTimeout(r, 1500));
    expect(got).toHaveLength(2);
    expect(Date.parse(got[1]!) - Date.parse(got[0]!)).toBeGreaterThanOrEqual(990);
    expect(leaked).toEqual([]);
  });
});
