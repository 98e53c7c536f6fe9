import crypto from 'node:crypto';
import postgres from 'postgres';
import { open, type DbHandle } from '@/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project "postgres") a new
 * database on the TEST_DATABASE_URL server, dropped again by `close()`.
 */
export type TestDb = DbHandle & { isPostgres: boolean; /** The database URL on PostgreSQL runs. */ url?: string };

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const handle = await open({ dataDir: 'memory://' });
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
  (globalThis as { __etkDb?: Promise<DbHandle> }).__etkDb = Promise.resolve(handle);
}
