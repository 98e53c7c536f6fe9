import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { open, reconnectBackoff, transactionWithPipelinedBegin, type Db, type DbHandle } from './client';
import { selectOneWithin } from './reachability';
import { tcpSwitch } from '@/test/tcp-switch';
import { rawQuery } from './raw';
import { users } from './schema';
import { setupTestDb, onPostgres } from '@/test/fixtures/db';
import { recordSocketWrites } from '@/test/fixtures/socket-writes';

const t = setupTestDb();

// Issue #19: drizzle asks postgres.js for unnamed statements, which cost a describe round trip
// each and stop pipelining; db/client.ts prepares every query with parameters once per connection.
describe.runIf(onPostgres())('the PostgreSQL client', () => {
  it('prepares a query with parameters on its connection, in a transaction too', async () => {
    const marker = `etk_${Date.now()}`;
    const found = await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.email, marker));
      const rows = (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as { statement: string }[];
      return rows.some((r) => r.statement.includes('"users"."email" = $1'));
    });
    expect(found).toBe(true);
  });

  it('runs queries issued together in the order they were issued (pipelined on one connection)', async () => {
    const order = await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table etk_pipeline (n int, at timestamptz default clock_timestamp()) on commit drop`);
      const q = (n: number) => tx.execute(sql`insert into etk_pipeline (n) values (${n})`);
      await Promise.all([q(1), q(2), q(3), q(4)]);
      return (await tx.execute(sql`select n from etk_pipeline order by at`)) as unknown as { n: number }[];
    });
    expect(order.map((r) => r.n)).toEqual([1, 2, 3, 4]);
  });
});

// Issue #19: the send's transaction sends its BEGIN with its first statements (db/client.ts).
describe.runIf(onPostgres())('a transaction whose BEGIN is pipelined', () => {
  let one: DbHandle;
  beforeAll(async () => {
    // One connection: a transaction that did not give it back, or gave it back broken or still
    // inside a transaction, shows in the next one.
    one = await open({ databaseUrl: t.url!, max: 1, migrate: false });
  });
  afterAll(async () => {
    await one?.close();
  });
  const xid = (tx: Db) => rawQuery<{ x: string; pid: number }>(tx, `select pg_current_xact_id()::text as x, pg_backend_pid() as pid`, []);

  it('runs the statements sent with the BEGIN and those after it in one transaction, and commits', async () => {
    const marker = `pipelined-${Date.now()}@example.com`;
    const [first, second] = await transactionWithPipelinedBegin(one.db, async (tx, began) => {
      // Sent before BEGIN is answered, as the send does with its reads.
      const firstQ = xid(tx);
      const insertQ = rawQuery(tx, `insert into users (ad_soyad, email, password_hash) values ('P', $1::text, 'x')`, [marker]);
      const [a] = await Promise.all([firstQ, insertQ, began]);
      return [a[0]!, (await xid(tx))[0]!];
    });
    expect(first.x).toBe(second.x);
    expect(await one.db.select({ id: users.id }).from(users).where(eq(users.email, marker))).toHaveLength(1);
    // The connection is back in the pool, outside any transaction.
    const [after] = await rawQuery<{ x: string | null }>(one.db, `select pg_current_xact_id_if_assigned()::text as x`, []);
    expect(after!.x).toBeNull();
  });

  it('rolls back when the work throws, and gives the connection back', async () => {
    const marker = `rolled-back-${Date.now()}@example.com`;
    await expect(
      transactionWithPipelinedBegin(one.db, async (tx, began) => {
        await Promise.all([rawQuery(tx, `insert into users (ad_soyad, email, password_hash) values ('R', $1::text, 'x')`, [marker]), began]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await one.db.select({ id: users.id }).from(users).where(eq(users.email, marker))).toHaveLength(0);
    expect(await transactionWithPipelinedBegin(one.db, async (tx, began) => (await Promise.all([xid(tx), began]))[0].length)).toBe(1);
  });

  it('sends the BEGIN in the same write as the first statement, also when the database was opened by another copy of this module', async () => {
    // server.ts opens the database and the modules Next.js bundles use it, each with its own copy
    // of db/client.ts: a fresh import stands for the bundled copy.
    vi.resetModules();
    const bundled = (await import('./client')) as typeof import('./client');
    expect(bundled.transactionWithPipelinedBegin).not.toBe(transactionWithPipelinedBegin);
    const port = Number(new URL(t.url!).port);
    const { writes, stop } = recordSocketWrites(port);
    try {
      for (const run of [transactionWithPipelinedBegin, bundled.transactionWithPipelinedBegin]) {
        // The first run prepares the statement on the connection (a describe round trip of its own).
        await run(one.db, async (tx, began) => (await Promise.all([xid(tx), began]))[0]);
        writes.length = 0;
        await run(one.db, async (tx, began) => (await Promise.all([xid(tx), began]))[0]);
        // BEGIN + the statement, then COMMIT: two writes (postgres.js's own begin makes three).
        expect(writes).toHaveLength(2);
        expect(writes[0]).toMatch(/begin[\s\S]*pg_current_xact_id/);
        expect(writes[1]).toMatch(/commit/);
      }
    } finally {
      stop();
    }
  });

  it('sends the COMMIT right behind the writes when asked (commitNow), and refuses anything after it', async () => {
    const marker = `committed-now-${Date.now()}@example.com`;
    const late = `after-commit-${Date.now()}@example.com`;
    let refused: unknown;
    await transactionWithPipelinedBegin(one.db, async (tx, began, commitNow) => {
      await began;
      const insertQ = rawQuery(tx, `insert into users (ad_soyad, email, password_hash) values ('C', $1::text, 'x')`, [marker]);
      const pending = Promise.resolve(insertQ);
      commitNow();
      refused = await Promise.resolve(rawQuery(tx, `insert into users (ad_soyad, email, password_hash) values ('L', $1::text, 'x')`, [late])).catch((err: unknown) => err);
      await pending;
    });
    expect(String(refused)).toMatch(/after the transaction's COMMIT was refused/);
    expect(await one.db.select({ id: users.id }).from(users).where(eq(users.email, marker))).toHaveLength(1);
    expect(await one.db.select({ id: users.id }).from(users).where(eq(users.email, late))).toHaveLength(0);
  });

  it('rolls back everything when a write sent before the COMMIT fails, and throws that failure', async () => {
    const marker = `rolled-at-commit-${Date.now()}@example.com`;
    await expect(
      transactionWithPipelinedBegin(one.db, async (tx, began, commitNow) => {
        await began;
        const ok = Promise.resolve(rawQuery(tx, `insert into users (ad_soyad, email, password_hash) values ('K', $1::text, 'x')`, [marker]));
        // users_bakiye_non_negative
        const bad = Promise.resolve(rawQuery(tx, `insert into users (ad_soyad, email, password_hash, bakiye_cents) values ('B', $1::text, 'x', -1)`, [`b-${marker}`]));
        commitNow();
        await Promise.all([ok, bad]);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await one.db.select({ id: users.id }).from(users).where(eq(users.email, marker))).toHaveLength(0);
    // The connection is back, outside any transaction.
    const [after] = await rawQuery<{ x: string | null }>(one.db, `select pg_current_xact_id_if_assigned()::text as x`, []);
    expect(after!.x).toBeNull();
  });

  it('refuses, without writing it, a statement the work sends after its connection was lost', async () => {
    const two = await open({ databaseUrl: t.url!, max: 2, migrate: false });
    try {
      let afterLoss: unknown = 'not sent';
      let workDone!: () => void;
      const worked = new Promise<void>((r) => (workDone = r));
      await expect(
        transactionWithPipelinedBegin(two.db, async (tx, began) => {
          try {
            const [[row]] = await Promise.all([xid(tx), began]);
            await t.db.execute(sql`select pg_terminate_backend(${row!.pid})`);
            // The close reaches postgres.js well within this; the work goes on sending, as a
            // send's does while the race below it has already reported the loss. postgres.js 3.4
            // writes such a statement on a null socket a tick later: an uncaught TypeError that
            // ends the process (CI, 2026-11-26), and the statement is never answered.
            await new Promise((r) => setTimeout(r, 300));
            afterLoss = await Promise.resolve(xid(tx)).then(() => 'answered', (err: unknown) => err);
          } finally {
            workDone();
          }
        }),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^CONNECTION_|^57P01$|^ECONNRESET$/) });
      await worked;
      await new Promise((r) => setImmediate(r));
      expect(afterLoss).toMatchObject({ code: expect.stringMatching(/^CONNECTION_|^57P01$|^ECONNRESET$/) });
    } finally {
      await two.close();
    }
  });

  it('does not give a connection that was lost back to the pool as if it were open, and the slot comes back', async () => {
    const solo = await open({ databaseUrl: t.url!, max: 1, migrate: false });
    try {
      let lostPid = 0;
      await expect(
        transactionWithPipelinedBegin(solo.db, async (tx, began) => {
          const [[row]] = await Promise.all([xid(tx), began]);
          lostPid = row!.pid;
          await t.db.execute(sql`select pg_terminate_backend(${lostPid})`);
          return xid(tx);
        }),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^CONNECTION_|^57P01$|^ECONNRESET$/) });
      // Given back as open, the dead connection would fail every transaction sent on it. The one
      // slot reconnects at once: postgres.js 3.4.9 used to lead the new session's startup with
      // the lost session's unsent bytes, and waited for its connect timeout
      // (patches/postgres+3.4.9.patch).
      const started = Date.now();
      for (let i = 0; i < 4; i++) {
        const [row] = await transactionWithPipelinedBegin(solo.db, async (tx, began) => (await Promise.all([xid(tx), began]))[0]);
        expect(row!.pid).not.toBe(lostPid);
      }
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await solo.close();
    }
  });

  // postgres.js's own `begin` (db.transaction) rolls back on the lost connection by itself, where
  // the application cannot stop it: without patches/postgres+3.4.9.patch that ROLLBACK is written
  // on a null socket a tick later and the uncaught TypeError ends the server.
  it('survives losing the connection of a db.transaction with a statement in flight, and the next query runs', async () => {
    const solo = await open({ databaseUrl: t.url!, max: 1, migrate: false });
    try {
      let lostPid = 0;
      await expect(
        solo.db.transaction(async (tx) => {
          const [row] = await xid(tx);
          lostPid = row!.pid;
          await Promise.all([
            t.db.execute(sql`select pg_sleep(0.1), pg_terminate_backend(${lostPid})`),
            tx.execute(sql`select pg_sleep(2)`),
          ]);
        }),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^CONNECTION_|^57P01$|^ECONNRESET$/) });
      await new Promise((r) => setTimeout(r, 50));
      // Not refused with the lost session's error ("terminating connection due to administrator
      // command"), which postgres.js 3.4.9 kept for the next session's first query.
      const [after] = await rawQuery<{ pid: number }>(solo.db, `select pg_backend_pid() as pid`, []);
      expect(after!.pid).not.toBe(lostPid);
    } finally {
      await solo.close();
    }
  });

  it('refuses a db.transaction\'s later statement once its connection is lost, even while the slot reconnects for other work', async () => {
    const solo = await open({ databaseUrl: t.url!, max: 1, migrate: false });
    try {
      let late: unknown = 'not sent';
      let workDone!: () => void;
      const worked = new Promise<void>((r) => (workDone = r));
      const marker = `after-loss-${Date.now()}@example.com`;
      await expect(
        solo.db.transaction(async (tx) => {
          try {
            const [row] = await xid(tx);
            await t.db.execute(sql`select pg_terminate_backend(${row!.pid})`);
            await new Promise((r) => setTimeout(r, 300));
            // Other work takes the slot: it reconnects. This transaction's insert must not run in
            // that new session, outside any transaction.
            const other = rawQuery(solo.db, `select 1 as one`, []);
            late = await Promise.resolve(rawQuery(tx, `insert into users (ad_soyad, email, password_hash) values ('L', $1::text, 'x')`, [marker])).then(
              () => 'ran',
              (err: unknown) => err,
            );
            await other;
          } finally {
            workDone();
          }
        }),
      ).rejects.toBeTruthy();
      await worked;
      expect(late).toMatchObject({ code: expect.stringMatching(/^CONNECTION_/) });
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, marker))).toHaveLength(0);
    } finally {
      await solo.close();
    }
  });
});

describe('reconnecting after an outage', () => {
  it("waits at most a second between attempts, however many failed (postgres.js's own wait grows to 20 s)", () => {
    for (let retries = 0; retries < 50; retries++) expect(reconnectBackoff(retries)).toBeLessThanOrEqual(1);
    // The first attempts keep the driver's quick growth.
    expect(reconnectBackoff(1)).toBeLessThanOrEqual(0.03);
    expect(reconnectBackoff(3)).toBeGreaterThanOrEqual(0.135);
  });

  it.runIf(onPostgres())('uses the database within about a second of its return after many failed attempts', async () => {
    const target = new URL(t.url!);
    const relay = await tcpSwitch({ host: target.hostname, port: Number(target.port) });
    const through = new URL(t.url!);
    through.port = String(relay.port);
    const handle = await open({ databaseUrl: through.toString(), max: 1, migrate: false });
    try {
      expect(await selectOneWithin(handle.db, 5000)).toBe(true);
      await relay.cut();
      // Eight failed attempts: postgres.js would now wait 10–20 s before the next one.
      for (let i = 0; i < 8; i++) await expect(handle.db.execute(sql`select 1`)).rejects.toBeTruthy();
      await relay.restore();
      expect(await selectOneWithin(handle.db, 3000)).toBe(true);
    } finally {
      await handle.close();
      await relay.close();
    }
  });
});
