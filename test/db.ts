import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { open, type DbHandle } from '@/db/client';
import { setOpenedDbHandle } from '@/db/opened';

/**
 * Creating an empty PGlite cluster (its initdb) takes ~3 s; loading a dump of one takes ~0.5 s.
 * The first test database of a run is created and migrated the slow way and dumped to a file named
 * by the PGlite version and the migrations' content, so every later one (in any worker, and in later
 * runs while the migrations are unchanged) starts from the dump. `open()` still runs the migrator,
 * which finds them applied.
 */
async function pgliteSnapshot(): Promise<Blob | undefined> {
  const migrations = path.join(import.meta.dirname, '..', 'db', 'migrations');
  const hash = crypto.createHash('sha256');
  const version = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version as string;
  hash.update(version);
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const file = path.join(os.tmpdir(), `etk-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const handle = await open({ dataDir: 'memory://' });
  const dump = await (handle.raw as import('@electric-sql/pglite').PGlite).dumpDataDir('none');
  await handle.close();
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: a parallel worker reads either nothing or the whole dump
  return dump;
}
let snapshot: Promise<Blob | undefined> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project "postgres") a new
 * database on the TEST_DATABASE_URL server, dropped again by `close()`.
 */
export type TestDb = DbHandle & { isPostgres: boolean; /** The database URL on PostgreSQL runs. */ url?: string };

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    snapshot ??= pgliteSnapshot();
    const handle = await open({ dataDir: 'memory://', snapshot: await snapshot });
    return { ...handle, isPostgres: false };
  }
  const name = `etk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await open({ databaseUrl: dbUrl.toString(), max: 20 });
  return {
    ...handle,
    isPostgres: true,
    url: dbUrl.toString(),
    close: async () => {
      await handle.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Whether this run has a real PostgreSQL server (for tests that only prove something there). */
export const onPostgres = () => process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/** Makes `getDb()` (used by route handlers) return this test database. */
export function installAsAppDb(handle: DbHandle): void {
  setOpenedDbHandle(Promise.resolve(handle));
}
