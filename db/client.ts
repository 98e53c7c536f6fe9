import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { env } from '@/env';
import * as schema from './schema';
import { copyTemplateInto } from './template';
import { openedDbHandle, setOpenedDbHandle } from './opened';
import { connectionClosed } from './reachability';

/**
 * The database handle every lib/ function takes. A transaction (`db.transaction(tx => …)`)
 * has the same type, so domain code runs unchanged inside one.
 */
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbKind = 'pglite' | 'postgres';

export type DbHandle = {
  db: Db;
  kind: DbKind;
  /** Raw SQL for tools that need the driver itself (pg-boss on PGlite, advisory locks). */
  raw: unknown;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

/**
 * One database per process, kept on globalThis: server.ts and the modules Next.js bundles
 * load this file separately, and PGlite must never be opened twice (ARCHITECTURE.md "Known traps").
 */
export function getDbHandle(): Promise<DbHandle> {
  const opened = openedDbHandle();
  if (opened) return opened;
  const opening = open({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((err: unknown) => {
    setOpenedDbHandle(undefined);
    throw err;
  });
  setOpenedDbHandle(opening);
  return opening;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export async function closeDb(): Promise<void> {
  const handle = openedDbHandle();
  setOpenedDbHandle(undefined);
  if (handle) await (await handle).close();
}

export type OpenOptions = {
  /** A PostgreSQL URL; without it an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** A PGlite data folder dump (`dumpDataDir`) to start from instead of an empty cluster (tests). */
  snapshot?: Blob;
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** Pool size for postgres.js. */
  max?: number;
};

/** Opens a database, applies migrations and returns the handle. Used by the app and by tests. */
export async function open(options: OpenOptions): Promise<DbHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl, options.max) : await openPglite(options.dataDir ?? './data', options.snapshot);
  if (options.migrate !== false) await runMigrations(handle, options.databaseUrl);
  return handle;
}

/**
 * How long (seconds) a connection slot waits before its next attempt after a failed one.
 * postgres.js's own wait grows with every failed attempt of the pool to 10–20 s, so after an
 * outage of a minute the node went on refusing requests for up to 20 s after PostgreSQL was back
 * (its probe waits for a slot like any query; measured 4.3–4.7 s after a 15 s outage). The same
 * growth, with the same jitter, capped at 1 s: each slot tries at most about twice a second.
 */
export function reconnectBackoff(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1);
}

async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  // A closed connection may be an outage: db/reachability.ts checks.
  const client = postgres(url, { max, backoff: reconnectBackoff, onnotice: () => {}, onclose: () => connectionClosed() });
  const db = drizzle({ client: preparing(client), schema, casing: 'snake_case' }) as unknown as Db;
  // A transaction over a reserved connection is made as Drizzle's own `transaction` makes one: a
  // session on the connection with the database's dialect, schema and options. Only the
  // relational query builders (`tx.query.<table>`) are left out: building one per table on every
  // send was 1 % of it, and no code uses them (test/one-home.test.ts).
  const { PostgresJsSession, PostgresJsTransaction } = await import('drizzle-orm/postgres-js');
  const base = (db as unknown as { session: { dialect: never; schema: never; options: never } }).session;
  const transactionOver = (c: PgClient) => {
    const session = new PostgresJsSession(preparing(c), base.dialect, base.schema, base.options);
    return new PostgresJsTransaction(base.dialect, session as never, undefined as never) as unknown as Db;
  };
  Object.defineProperty(db, PIPELINED_BEGIN, { value: <T>(fn: InTransaction<T>) => pipelinedBegin(client, transactionOver, fn) });
  return { db, kind: 'postgres', raw: client, close: () => client.end({ timeout: 5 }) };
}

/**
 * `commitNow` sends the COMMIT at once, behind every statement already sent, instead of after `fn`
 * resolves: the writes and the COMMIT go out in one write. PostgreSQL turns the COMMIT into a
 * rollback when a statement before it failed, so after calling it `fn` may send nothing more
 * (refused) and may end only by returning or by throwing because a statement sent before it
 * failed. Where the COMMIT cannot be pipelined (PGlite, a nested transaction) it does nothing and
 * the transaction commits when `fn` resolves, as usual.
 */
type InTransaction<T> = (tx: Db, began: Promise<void>, commitNow: () => void) => Promise<T>;
/**
 * Kept on the database object under a global symbol, not in a module-level map: server.ts opens
 * the database and the modules Next.js bundles use it, each with its own copy of this file.
 */
const PIPELINED_BEGIN = Symbol.for('etk.db.pipelinedBegin');

/**
 * A transaction whose BEGIN goes to PostgreSQL in the same write as the first statements `fn`
 * sends, instead of a round trip of its own first (issue #19: the send's hot path). On PGlite (no
 * network), or given a transaction, it is `db.transaction`.
 *
 * `began` settles when PostgreSQL has answered the BEGIN, which is before it answers anything sent
 * after it; `fn` must await it before relying on being inside the transaction (before its first
 * write and before trusting a lock it took). A statement `fn` sends once the BEGIN is known to
 * have failed is refused without being sent, so nothing can run outside the transaction
 * by mistake. Commit when `fn` resolves, rollback when it throws, as `db.transaction`. A nested
 * transaction (`tx.transaction`, a savepoint) is not available inside; the send needs none.
 */
export function transactionWithPipelinedBegin<T>(db: Db, fn: InTransaction<T>): Promise<T> {
  const pipelined = (db as unknown as { [PIPELINED_BEGIN]?: <V>(fn: InTransaction<V>) => Promise<V> })[PIPELINED_BEGIN];
  return pipelined ? pipelined(fn) : db.transaction((tx) => fn(tx as unknown as Db, Promise.resolve(), () => {}));
}

/** postgres.js's connection object, as its `onexecute` query option hands it over (its own `begin` uses the same hook). */
type PgConnection = { onclose: ((err: unknown) => void) | null };

async function pipelinedBegin<T>(client: PgClient, transactionOver: (c: PgClient) => Db, fn: InTransaction<T>): Promise<T> {
  const reserved = await client.reserve();
  let connection: PgConnection | undefined;
  let lost = false;
  let lostWith: unknown;
  let failedBegin: unknown;
  // A reserved connection that closes (a restart, a terminated backend) leaves the queries sent on
  // it unanswered for ever; postgres.js's own `begin` races its work against the connection's
  // close in the same way.
  let onLost: (err: unknown) => void = () => {};
  const closed = new Promise<never>((_, reject) => (onLost = reject));
  closed.catch(() => {});
  const watched = <V>(work: PromiseLike<V>) => Promise.race([work, closed]);
  // `.then` sends it now: postgres.js queues it on the reserved connection before anything `fn`
  // sends, and writes them together at the end of this tick. `onexecute` must answer true, or the
  // connection would take nothing more until the BEGIN is answered.
  const began: Promise<void> = watched(
    reserved
      .unsafe('begin', [], {
        onexecute: (c: PgConnection) => {
          connection = c;
          c.onclose = (err) => {
            lost = true;
            lostWith = err;
            onLost(err);
          };
          return true;
        },
      } as never)
      .then(
        () => undefined,
        (err: unknown) => {
          failedBegin = err;
          throw err;
        },
      ),
  );
  began.catch(() => {});
  // Nothing is sent once the BEGIN is known to have failed (it would run outside a transaction),
  // nor once the connection is lost.
  const guarded = new Proxy(reserved, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) => {
          if (failedBegin !== undefined) return Promise.reject(failedBegin);
          // postgres.js 3.4 writes a statement given to a closed reserved connection on a null
          // socket a tick later: an uncaught TypeError that ends the process. `fn` may still be
          // sending after the race below has already reported the loss.
          if (lost) return Promise.reject(lostWith);
          if (committing) return Promise.reject(new Error('A statement after the transaction\'s COMMIT was refused: it would run outside the transaction.'));
          return target.unsafe(query, params as never, options);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  let committing: Promise<{ command?: string }> | undefined;
  const commitNow = () => {
    committing ??= lost ? Promise.reject(lostWith) : watched(reserved.unsafe('commit') as PromiseLike<{ command?: string }>);
    committing.catch(() => {});
  };
  try {
    const result = await watched(fn(transactionOver(guarded), began, commitNow));
    await began;
    if (!committing) commitNow();
    const ended = await committing!;
    // A COMMIT after a failed statement answers ROLLBACK, and `fn` would have thrown that
    // statement's error; never report work as done that was not committed.
    if (ended.command !== undefined && ended.command !== 'COMMIT') throw new Error(`The transaction ended with ${ended.command}, not COMMIT.`);
    return result;
  } catch (err) {
    // Once the COMMIT is sent the transaction ends with it, committed or rolled back: nothing to
    // roll back here.
    if (committing) await committing.catch(() => {});
    else if (!lost) await watched(reserved.unsafe('rollback')).catch(() => (lost = true));
    throw err;
  } finally {
    if (connection) connection.onclose = null;
    // A connection that closed is already in postgres.js's closed list (it reconnects it when
    // next needed); releasing it would list it among the open ones, broken. One whose rollback
    // failed is not given back either: it might still be inside this transaction.
    if (!lost) reserved.release();
  }
}

type PgClient = import('postgres').Sql;

/**
 * Drizzle asks postgres.js for an unnamed statement unless a query is built with `.prepare(name)`,
 * and postgres.js must describe an unnamed statement with parameters before it can bind them: two
 * round trips per query, and no pipelining (the connection waits for the description). Issue #19
 * counted 30 writes to PostgreSQL per send. This view of the client lets postgres.js keep a
 * prepared statement per connection for every query with parameters (its default for its own
 * tagged queries), in transactions too. Queries without parameters (migrations, DDL, `begin`) are
 * left as they are: nothing to describe, and a multi-statement text cannot be prepared.
 * DATABASE_PREPARE=0 turns it off (a pooler in transaction mode that cannot keep statements).
 */
function preparing(client: PgClient): PgClient {
  if (env.DATABASE_PREPARE === '0') return client;
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(query, params as never, params && params.length > 0 ? { ...options, prepare: true } : options);
      }
      if (prop === 'begin' || prop === 'savepoint') {
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: PgClient) => unknown;
          const method = Reflect.get(target, prop, target) as (...a: unknown[]) => unknown;
          return method.call(target, ...args, (tx: PgClient) => fn(preparing(tx)));
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

async function openPglite(dataDir: string, snapshot?: Blob): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir.startsWith('memory://');
  let releaseLock = () => {};
  if (!inMemory) {
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = lockDataDir(dir);
  }
  try {
    const pgDir = path.join(path.resolve(dataDir), 'pg');
    if (!inMemory) await copyTemplateInto(pgDir, migrationsFolder);
    const client = inMemory ? new PGlite(snapshot ? { loadDataDir: snapshot } : {}) : new PGlite(pgDir);
    await client.waitReady;
    const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      raw: client,
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/** Two processes on one PGlite folder corrupt it: a lock file with the owner's pid refuses the second. */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, 'pglite.lock');
  try {
    const owner = Number(fs.readFileSync(lockFile, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The data folder ${dir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function runMigrations(handle: DbHandle, databaseUrl?: string): Promise<void> {
  if (handle.kind === 'pglite' || !databaseUrl) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
    return;
  }
  // Several nodes may start at once against one server: an advisory lock, held on a connection
  // of its own, lets one of them migrate at a time.
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(7340021)`;
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
    await client`select pg_advisory_unlock(7340021)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
