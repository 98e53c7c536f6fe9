import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder, open, type DbHandle } from '@/db/client';
import { throwawayPostgres } from './fixtures/db';

/**
 * Tests of a data migration: a database of the run (PGlite, or a fresh database on the PostgreSQL
 * server) migrated only up to the migration before the one under test, filled the old way, then
 * migrated to the end.
 */

/** A folder holding the migrations before `tag` only (throws when `tag` is not the journal's). */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  if (index <= 0) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** An empty database that no migration has touched; `close()` also drops it on PostgreSQL. */
export async function openUnmigrated(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) return open({ dataDir: 'memory://', migrate: false });
  return throwawayPostgres(url, { migrate: false });
}

/** Applies the migrations of `folder` (all of them by default) that the database has not had. */
export async function migrate(handle: DbHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import('drizzle-orm/postgres-js/migrator');
    await run(handle.db as never, { migrationsFolder: folder });
  }
}

/** Opens an unmigrated database and applies the migrations before `tag`. */
export async function openBefore(tag: string): Promise<DbHandle> {
  const handle = await openUnmigrated();
  const before = migrationsBefore(tag);
  try {
    await migrate(handle, before);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
  return handle;
}
