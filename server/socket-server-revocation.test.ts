import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { eq, sql } from 'drizzle-orm';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { passwordResetTokens, users } from '@/db/schema';
import { endSession, resetPassword, revokeSessions } from '@/lib/domain/auth';
import { hashPassword, signToken, verifyToken } from '@/lib/domain/credentials';
import { hashResetToken, newResetToken } from '@/lib/domain/auth/reset-tokens';
import { updateProfile } from '@/lib/domain/users';
import { deleteUser, updateUser } from '@/lib/domain/admin-users';
import { attachSocketServer, closeSocketServer } from './socket-server';
import { emitToUser, setIo } from '@/lib/infra/realtime/emit';

/**
 * Issue #14: every rule that ends a session also ends the sockets opened with it, within a
 * second — a plain logout that login's sockets, the other rules every socket of the account.
 */
const WITHIN_MS = 1000;
let counter = 0;

type Opened = { socket: Socket; disconnected: Promise<number>; received: unknown[] };

function harness(getUrl: () => string) {
  const sockets: Socket[] = [];
  return {
    sockets,
    /** A real client connected and authenticated; `disconnected` resolves with the time of the server's disconnect. */
    async open(token: string, url = getUrl()): Promise<Opened> {
      const socket = connect(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, auth: { token } });
      sockets.push(socket);
      const received: unknown[] = [];
      socket.on('operation_update', (p) => received.push(p));
      const disconnected = new Promise<number>((resolve) => socket.on('disconnect', (reason) => reason === 'io server disconnect' && resolve(Date.now())));
      await new Promise<void>((resolve, reject) => {
        socket.once('authenticated', () => resolve());
        socket.once('auth_error', () => reject(new Error('auth_error')));
      });
      return { socket, disconnected, received };
    },
  };
}

async function endedWithin(opened: Opened, since: number): Promise<void> {
  const at = await Promise.race([opened.disconnected, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
  expect(at, 'the server never disconnected the socket').toBeGreaterThan(0);
  expect(at - since).toBeLessThan(WITHIN_MS);
}

async function stillConnected(opened: Opened): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
  expect(opened.socket.connected).toBe(true);
}

describe('sockets end with their session', () => {
  const t = setupTestDb();
  let http: HttpServer;
  let io: Server;
  let url: string;
  const h = harness(() => url);

  beforeAll(async () => {
    http = createServer();
    io = attachSocketServer(http, t.db);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of h.sockets) s.close();
    await closeSocketServer(io);
    setIo(undefined);
  });

  async function makeUser(options: { rol?: 'user' | 'admin'; password?: string } = {}) {
    counter++;
    const [u] = await t.db
      .insert(users)
      .values({ adSoyad: `Sock ${counter}`, email: `revoke-${counter}@example.com`, passwordHash: await hashPassword(options.password ?? 'old-password'), rol: options.rol ?? 'user' })
      .returning();
    return u!;
  }
  const tokenOf = async (u: { id: number }, kind: 'user' | 'admin' = 'user') => {
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    return signToken(t.db, row!, kind);
  };

  it('a plain logout ends that login\'s sockets and no other', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const loginA = await tokenOf(u);
    const loginB = await tokenOf(u);
    const a1 = await h.open(loginA);
    const a2 = await h.open(loginA);
    const b = await h.open(loginB);
    const stranger = await h.open(await tokenOf(other));
    const since = Date.now();
    await endSession(t.db, (await verifyToken(t.db, loginA))!);
    await endedWithin(a1, since);
    await endedWithin(a2, since);
    await stillConnected(b);
    await stillConnected(stranger);
    // The ended login cannot come back.
    await expect(h.open(loginA)).rejects.toThrow('auth_error');
    // A socket that is gone receives nothing more; the other login still does.
    emitToUser(u.id, 'operation_update', { task_id: 'after-logout' });
    await new Promise((r) => setTimeout(r, 200));
    expect(a1.received).toEqual([]);
    expect(b.received).toEqual([{ task_id: 'after-logout' }]);
  });

  it('log out everywhere ends every socket of the account and no one else\'s', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const s1 = await h.open(await tokenOf(u));
    const s2 = await h.open(await tokenOf(u));
    const stranger = await h.open(await tokenOf(other));
    const since = Date.now();
    await revokeSessions(t.db, u.id);
    await endedWithin(s1, since);
    await endedWithin(s2, since);
    await stillConnected(stranger);
  });

  it('a password change in the settings ends the account\'s sockets', async () => {
    const u = await makeUser({ password: 'old-password' });
    const token = await tokenOf(u);
    const s = await h.open(token);
    const caller = (await verifyToken(t.db, token))!;
    const since = Date.now();
    const answer = await updateProfile(t.db, caller, { ad_soyad: u.adSoyad, email: u.email, telefon: '', meslek: '', currentPassword: 'old-password', newPassword: 'new-password' });
    await endedWithin(s, since);
    // The caller's page reconnects with the token it was answered.
    await expect(h.open(answer.token!)).resolves.toBeDefined();
    expect(answer).not.toHaveProperty('sessionsEnded');
  });

  it('a profile change without a new password leaves the sockets alone', async () => {
    const u = await makeUser();
    const token = await tokenOf(u);
    const s = await h.open(token);
    await updateProfile(t.db, (await verifyToken(t.db, token))!, { ad_soyad: 'Renamed', email: u.email, telefon: '', meslek: '', currentPassword: '', newPassword: '' });
    await stillConnected(s);
  });

  it('a password reset ends the account\'s sockets', async () => {
    const u = await makeUser();
    const s = await h.open(await tokenOf(u));
    const reset = newResetToken();
    await t.db.insert(passwordResetTokens).values({ userId: u.id, tokenHash: hashResetToken(reset), expiresAt: sql`now() + interval '1 hour'` });
    const since = Date.now();
    await resetPassword(t.db, { token: reset, newPassword: 'brand-new-password', ip: `10.9.${counter}.1` });
    await endedWithin(s, since);
  });

  it('a role change, a deactivation and a deletion by an admin end the account\'s sockets', async () => {
    const admin = await makeUser({ rol: 'admin' });
    const actor = { id: admin.id, ip: null };
    for (const change of ['role', 'deactivate', 'delete'] as const) {
      const u = await makeUser({ rol: change === 'role' ? 'admin' : 'user' });
      const s1 = await h.open(await tokenOf(u));
      const s2 = await h.open(await tokenOf(u, change === 'role' ? 'admin' : 'user'));
      const bystander = await h.open(await tokenOf(admin, 'admin'));
      const since = Date.now();
      if (change === 'role') await updateUser(t.db, actor, u.id, { ad: '', ad_soyad: u.adSoyad, email: u.email, rol: 'user' });
      if (change === 'deactivate') await updateUser(t.db, actor, u.id, { ad: '', ad_soyad: u.adSoyad, email: u.email, aktif: false });
      if (change === 'delete') await deleteUser(t.db, actor, u.id);
      await endedWithin(s1, since);
      await endedWithin(s2, since);
      await stillConnected(bystander);
    }
  });

  it('an admin edit that changes neither role, state nor password leaves the sockets alone', async () => {
    const admin = await makeUser({ rol: 'admin' });
    const u = await makeUser();
    const s = await h.open(await tokenOf(u));
    await updateUser(t.db, { id: admin.id, ip: null }, u.id, { ad: '', ad_soyad: 'New Name', email: u.email });
    await stillConnected(s);
  });
});

// Two Socket.IO servers on one PostgreSQL: the disconnect crosses nodes through the adapter.
describe.runIf(onPostgres())('sockets end with their session on every node', () => {
  const t = setupTestDb();
  const nodes: { http: HttpServer; io: Server; url: string }[] = [];
  const h = harness(() => nodes[1]!.url);

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const http = createServer();
      const io = attachSocketServer(http, t.db, { databaseUrl: t.url });
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
      nodes.push({ http, io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
    }
    // This process plays node A: the session-ending rules reach Socket.IO through it.
    setIo(nodes[0]!.io);
  });
  afterAll(async () => {
    for (const s of h.sockets) s.close();
    for (const n of nodes) await closeSocketServer(n.io);
    setIo(undefined);
  });

  it('log out everywhere and a plain logout on node A end the sockets connected to node B', async () => {
    const [u] = await t.db.insert(users).values({ adSoyad: 'Two nodes', email: 'two-nodes@example.com', passwordHash: 'h' }).returning();
    // The adapter needs a moment after start before it relays between nodes; wait until an event crosses.
    const probe = await h.open(await signToken(t.db, u!, 'user'));
    const deadline = Date.now() + 10_000;
    while (probe.received.length === 0 && Date.now() < deadline) {
      nodes[0]!.io.to(`user:${u!.id}`).emit('operation_update', { task_id: 'probe' });
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(probe.received.length).toBeGreaterThan(0);

    const login = await signToken(t.db, u!, 'user');
    const onB = await h.open(login);
    const otherLoginOnB = await h.open(await signToken(t.db, u!, 'user'));
    let since = Date.now();
    await endSession(t.db, (await verifyToken(t.db, login))!);
    await endedWithin(onB, since);
    await stillConnected(otherLoginOnB);

    since = Date.now();
    await revokeSessions(t.db, u!.id);
    await endedWithin(otherLoginOnB, since);
    await endedWithin(probe, since);
  });
});
