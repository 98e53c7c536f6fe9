import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@/logger';
import { z } from 'zod';
import { ok, route } from '@/app/api/_lib/route';
import { apiKeyRoute } from '@/app/api/_lib/api-key-route';
import { setupTestDb, installAsAppDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { unreachablePort } from '@/test/ports';
import { open, type DbHandle } from './client';
import { databaseDownForMs, FAIL_FAST_AFTER_MS, reachableNow } from './reachability';
import { sql } from 'drizzle-orm';

const t = setupTestDb();
let down: DbHandle;
beforeAll(async () => {
  // A port nobody listens on: the real driver's refused connection.
  const { port } = await unreachablePort();
  down = await open({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, max: 1, migrate: false });
});
afterAll(async () => {
  installAsAppDb(t);
  await reachableAgain();
  await down?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function reachableAgain(): Promise<void> {
  for (let i = 0; i < 60 && databaseDownForMs() > 0; i++) await sleep(100);
  expect(databaseDownForMs()).toBe(0);
}

let ran = 0;
/** A route that reads the app's database, counting how often its handler ran. */
const reads = route({ auth: 'public' }, async ({ db }) => {
  ran++;
  await db.execute(sql`select 1`);
  return ok();
});

describe('the route wrapper while the database is out of reach', () => {
  it('refuses new requests at once after a few seconds of outage, without touching the database, and serves again once it answers', async () => {
    installAsAppDb(down);
    ran = 0;
    const first = await call(reads);
    expect(first.status).toBe(503);
    expect(ran).toBe(1);
    await sleep(FAIL_FAST_AFTER_MS + 200);
    const started = Date.now();
    const second = await call(reads, { headers: { 'accept-language': 'en' } });
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('5');
    expect(second.body).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE', mesaj: 'The service is briefly unavailable. Please try again in a few seconds.' });
    expect(ran).toBe(1); // refused before the handler
    expect(Date.now() - started).toBeLessThan(500);
    // The reseller protocol too, in its own shape.
    const protocol = apiKeyRoute({ body: z.object({ action: z.string() }) }, () => {
      ran++;
      return {};
    });
    const v2 = await call(protocol, { body: { key: 'k', action: 'balance' } });
    expect(v2.status).toBe(503);
    expect(v2.body).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE', error: expect.any(String) });
    expect(ran).toBe(1);
    // The database is back: the next probe (a second apart) finds it.
    installAsAppDb(t);
    await reachableAgain();
    expect((await call(reads)).status).toBe(200);
    expect(ran).toBe(2);
  });

  it('logs the outage as two lines, when it began and when it ended, not one per request', async () => {
    const error = vi.spyOn(logger, 'error');
    const warn = vi.spyOn(logger, 'warn');
    let cleanup = async () => {};
    try {
      // A handle of its own: the driver's back-off between connection attempts grows with each
      // failed one and is shared by a handle's connections, so the earlier tests' attempts would
      // make this one's probe wait seconds for its turn.
      const { port } = await unreachablePort();
      const away = await open({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, max: 1, migrate: false });
      cleanup = () => away.close();
      installAsAppDb(away);
      for (let i = 0; i < 3; i++) expect((await call(reads)).status).toBe(503);
      await sleep(FAIL_FAST_AFTER_MS + 200);
      for (let i = 0; i < 20; i++) expect((await call(reads)).status).toBe(503);
      installAsAppDb(t);
      await reachableAgain();
      const messages = (spy: typeof error) => spy.mock.calls.map((c) => String(c[1] ?? c[0]));
      expect(messages(error).filter((m) => m.startsWith('database out of reach'))).toHaveLength(1);
      expect(messages(warn).filter((m) => m === 'database reachable again')).toHaveLength(1);
      const back = warn.mock.calls.find((c) => c[1] === 'database reachable again')![0] as { downForMs: number };
      expect(back.downForMs).toBeGreaterThanOrEqual(FAIL_FAST_AFTER_MS);
      // The per-request warning: at most once in the minute, however many requests met the outage.
      expect(messages(warn).filter((m) => m.startsWith('a connection was refused or lost')).length).toBeLessThanOrEqual(1);
    } finally {
      error.mockRestore();
      warn.mockRestore();
      await cleanup();
    }
  });

  it('learns of the outage from a closed connection even when no route saw an error (the worker\'s query took it)', async () => {
    installAsAppDb(down);
    ran = 0;
    // Not through a route: the order worker's query, say, is the one a failed connection attempt rejects.
    await down.db.execute(sql`select 1`).catch(() => {});
    // postgres.js reports the closed attempt; the check's `select 1` gets no answer either.
    for (let i = 0; i < 30 && databaseDownForMs() === 0; i++) await sleep(100);
    expect(databaseDownForMs()).toBeGreaterThan(0);
    await sleep(FAIL_FAST_AFTER_MS + 200);
    expect((await call(reads)).status).toBe(503);
    expect(ran).toBe(0);
    installAsAppDb(t);
    await reachableAgain();
    expect((await call(reads)).status).toBe(200);
  });

  it('does not refuse anyone after one lost connection while the database answers', async () => {
    installAsAppDb(t);
    // One request's connection fails (its own client, not the app's): the probe finds the app's
    // database answering within a second, long before requests would be refused.
    const broken = route({ auth: 'public' }, async () => {
      await down.db.execute(sql`select 1`);
      return ok();
    });
    expect((await call(broken)).status).toBe(503);
    await reachableAgain();
    await sleep(FAIL_FAST_AFTER_MS);
    ran = 0;
    expect((await call(reads)).status).toBe(200);
    expect(ran).toBe(1);
  });

  it('tells a page that failed whether the database answers now; no answer marks it away', async () => {
    installAsAppDb(t);
    expect(await reachableNow()).toBe(true);
    expect(databaseDownForMs()).toBe(0);
    installAsAppDb(down);
    expect(await reachableNow()).toBe(false);
    expect(databaseDownForMs()).toBeGreaterThan(0);
    // Known to be away: answered without asking the database again.
    const started = Date.now();
    expect(await reachableNow()).toBe(false);
    expect(Date.now() - started).toBeLessThan(100);
    installAsAppDb(t);
    await reachableAgain();
    expect(await reachableNow()).toBe(true);
  });
});

