import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { ROLES, TABLE, type Role } from '../test/access/table';
import { serving, spawnServer, type ServerProcess } from './server-process';

/**
 * Scale-out (issue #10): two server.ts processes on two ports against one fresh PostgreSQL
 * database, both running the order worker. A send through node A reaches its owner's socket on
 * node B up to the final status; another user's socket never sees it; and every job runs once
 * (one provider task and one attempt per order, one final event per order).
 */

const base = process.env.TEST_DATABASE_URL;
const PORT_A = Number(process.env.TWO_NODE_PORT ?? 3710);
const PORT_B = PORT_A + 1;
const ADMIN_PASSWORD = 'two-node-admin-pass';

function startNode(port: number, databaseUrl: string): ServerProcess {
  return spawnServer({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'etk-two-node-')),
      WORKER: '1',
      SEED_DEMO: '0',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD,
      AUTH_SECRET: 'two-node-shared-secret-of-enough-length-0123456789',
      LOG_LEVEL: 'warn',
    },
  });
}

async function api<T = Record<string, unknown>>(url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

type Update = { task_id: string; status: string; order_status: string; success_count: number; total_count: number; result: unknown[] };

test.describe('two nodes on one PostgreSQL', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let dbName = '';
  const sockets: Socket[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!base) {
      throw new Error(
        'TEST_DATABASE_URL is not set: the two-node test needs a real PostgreSQL server (npm test starts one when the server binaries are installed; or set TEST_DATABASE_URL).',
      );
    }
    dbName = `etk_two_node_${crypto.randomBytes(5).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    // Both nodes start at the same moment on the empty database (migrations and seed race).
    a = startNode(PORT_A, url.toString());
    b = startNode(PORT_B, url.toString());
    await Promise.all([serving(a), serving(b)]);
  });

  test.afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    if (base && dbName) {
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  test('a send on node A reaches the owner on node B to the final status, and every job runs once', async () => {
    test.setTimeout(120_000);
    const A = a!.url;
    const B = b!.url;

    // The admin (node A) makes two customers with a Twitter package and turns the cooldown off.
    const adminLogin = await api<{ token: string }>(`${A}/api/auth/admin-login`, { body: { email: 'admin@example.com', sifre: ADMIN_PASSWORD } });
    expect(adminLogin.status).toBe(200);
    const adminToken = adminLogin.body.token;
    const settings = await api<{ site_ayar: Record<string, unknown> }>(`${A}/api/site-ayar`, { token: adminToken });
    expect(
      (await api(`${A}/api/site-ayar`, { method: 'PUT', token: adminToken, body: { ...settings.body.site_ayar, cooldown_saniye: 0, twitter_min_profil: 1 } })).status,
    ).toBe(200);
    const pkg = await api<{ paket: { id: number } }>(`${A}/api/paketler`, {
      token: adminToken,
      body: { ad: 'Two-node', platform_fiyatlari: { twitter: 10, instagram: 10, youtube: 10, tiktok: 10 }, gunluk_limit: 100, profil_limit: 10 },
    });
    expect(pkg.status).toBe(201);
    const customers: { token: string; id: number }[] = [];
    for (const name of ['owner', 'other']) {
      const email = `${name}-${Date.now()}@example.com`;
      const made = await api<{ kullanici: { id: number } }>(`${A}/api/users`, { token: adminToken, body: { ad_soyad: name, email, sifre: 'secret-pass' } });
      expect(made.status).toBe(201);
      const assigned = await api(`${A}/api/kullanici-paketleri`, { token: adminToken, body: { kullanici_id: made.body.kullanici.id, paket_id: pkg.body.paket.id, platform: 'twitter' } });
      expect(assigned.status).toBe(201);
      // Logging in on node B: the secret and the sessions are shared through the database.
      const login = await api<{ token: string }>(`${B}/api/auth/login`, { body: { email, password: 'secret-pass' } });
      expect(login.status).toBe(200);
      customers.push({ token: login.body.token, id: made.body.kullanici.id });
    }
    const [owner, other] = customers;

    // The simulated provider the platforms point at lives in the node that seeded: quick and
    // successful, with its counters cleared.
    const platforms = await api<{ platformlar: { ad: string; api_endpoints: Record<string, string> }[] }>(`${A}/api/platformlar`, { token: adminToken });
    const likeUrl = platforms.body.platformlar.find((p) => p.ad === 'twitter')!.api_endpoints.like!;
    const simControl = `${new URL(likeUrl).origin}/sim-provider/_control`;
    expect((await api(simControl, { body: { reset: true, failRate: 0, minDelayMs: 200, maxDelayMs: 600 } })).status).toBe(200);

    // The owner listens on node B; the other customer on node A.
    const open = (url: string, token: string) => {
      const s = connect(url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, auth: { token } });
      sockets.push(s);
      return new Promise<Socket>((resolve, reject) => {
        s.once('authenticated', () => resolve(s));
        s.once('auth_error', reject);
        s.once('connect_error', reject);
      });
    };
    const ownerOnB = await open(B, owner!.token);
    // A second tab of the owner on node A: each event is emitted by the one node whose worker
    // took the job, so receiving every event on both nodes proves each crossed to the other.
    const ownerOnA = await open(A, owner!.token);
    const otherOnA = await open(A, other!.token);
    const seen: Update[] = [];
    const seenOnA: Update[] = [];
    const leaked: Update[] = [];
    ownerOnB.on('operation_update', (u: Update) => seen.push(u));
    ownerOnA.on('operation_update', (u: Update) => seenOnA.push(u));
    otherOnA.on('operation_update', (u: Update) => leaked.push(u));
    // The adapter subscribes to its channel right after start; give it a moment.
    await new Promise((r) => setTimeout(r, 1500));

    const profiles = await api<{ profiles: { id: number }[] }>(`${A}/api/twitter/profiles`);
    const ids = profiles.body.profiles.slice(0, 3).map((p) => p.id);
    expect(ids).toHaveLength(3);

    // Eight sends through node A; both nodes' workers compete for the jobs.
    const ORDERS = 8;
    const taskIds: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const sent = await api<{ task_id: string }>(`${A}/api/twitter/like`, {
        token: owner!.token,
        body: { profile_ids: ids, tweet_url: `https://x.com/etkilesim/status/17900000000000000${10 + i}` },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      taskIds.push(sent.body.task_id);
    }

    const finals = () => seen.filter((u) => u.status === 'completed');
    await expect.poll(() => new Set(finals().map((u) => u.task_id)).size, { timeout: 60_000 }).toBe(ORDERS);
    // Late duplicates would arrive within a poll interval or two.
    await new Promise((r) => setTimeout(r, 2500));

    for (const id of taskIds) {
      const mine = seen.filter((u) => u.task_id === id);
      // Through to the final status, on node B, with every profile's outcome.
      const final = mine.filter((u) => u.status === 'completed');
      expect(final, `final events of ${id}`).toHaveLength(1);
      expect(final[0]).toMatchObject({ order_status: 'completed', success_count: 3, total_count: 3 });
      expect(mine.some((u) => u.status === 'processing')).toBe(true);
    }
    expect(leaked).toEqual([]);
    const key = (u: Update) => `${u.task_id}|${u.status}|${u.result.length}`;
    expect(seenOnA.map(key).sort()).toEqual(seen.map(key).sort());

    // Every job ran once: one provider task and one send per order, one attempt in the orders
    // table, and pg-boss holds one completed job per order.
    const stats = await api<{ tasksCreated: number; sends: number }>(simControl);
    expect(stats.body.tasksCreated).toBe(ORDERS);
    expect(stats.body.sends).toBe(ORDERS);
    const url = new URL(base!);
    url.pathname = `/${dbName}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ id: string; status: string; attempts: number }[]>`select id, status, attempts from orders where id in ${sql(taskIds)}`;
      expect(rows).toHaveLength(ORDERS);
      for (const r of rows) expect(r, r.id).toMatchObject({ status: 'completed', attempts: 1 });
      const jobs = await sql<{ id: string; state: string; retry_count: number }[]>`select id::text, state::text, retry_count from pgboss.job where id::text in ${sql(taskIds)}`;
      expect(jobs).toHaveLength(ORDERS);
      for (const j of jobs) expect(j, j.id).toMatchObject({ state: 'completed', retry_count: 0 });
    } finally {
      await sql.end();
    }

    // Either node answers the order's state the same way.
    for (const node of [A, B]) {
      const op = await api<{ order_status: string }>(`${node}/api/operations/${taskIds[0]}`, { token: owner!.token });
      expect(op.body.order_status).toBe('completed');
    }
  });

  test('next-auth’s own endpoints answer as the access table says, on the built server', async () => {
    // These rows of test/access/table.ts can only run inside Next's request scope.
    const A = a!.url;
    const adminLogin = await api<{ token: string }>(`${A}/api/auth/admin-login`, { body: { email: 'admin@example.com', sifre: ADMIN_PASSWORD } });
    const adminPlain = await api<{ token: string }>(`${A}/api/auth/login`, { body: { email: 'admin@example.com', password: ADMIN_PASSWORD } });
    const tokens: Record<Role, string | undefined> = {
      visitor: undefined,
      user: adminLogin.body.token,
      other: adminLogin.body.token,
      adminPlain: adminPlain.body.token,
      admin: adminLogin.body.token,
    };
    // Customers' tokens: any customer will do here, these endpoints do not read bearer tokens.
    const email = `na-${Date.now()}@example.com`;
    await api(`${A}/api/users`, { token: adminLogin.body.token, body: { ad_soyad: 'NA', email, sifre: 'secret-pass' } });
    const login = await api<{ token: string }>(`${A}/api/auth/login`, { body: { email, password: 'secret-pass' } });
    tokens.user = login.body.token;
    tokens.other = login.body.token;
    for (const [key, entry] of Object.entries(TABLE).filter(([, e]) => e.overHttp)) {
      const [method, template] = key.split(' ');
      const params = entry.params?.({} as never) ?? {};
      const urlPath = template!.replace(/\[\.\.\.nextauth\]/, ([] as string[]).concat(params.nextauth ?? []).join('/'));
      for (const role of ROLES) {
        const res = await fetch(`${A}${urlPath}`, {
          method,
          redirect: 'manual',
          headers: { ...(tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          body: method === 'POST' ? '' : undefined,
        });
        const text = await res.text();
        expect(res.status, `${key} as ${role}: ${text.slice(0, 200)}`).toBe(entry[role]);
        // A bearer token is never turned into a cookie session.
        if (key.startsWith('GET')) expect(text === '{}' || text === 'null', `${key} as ${role}: ${text}`).toBe(true);
      }
    }
  });
});
