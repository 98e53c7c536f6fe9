import type { DbHandle } from './client';

// The process's one database (client.ts getDbHandle), kept on globalThis: server.ts and the modules
// Next.js bundles load client.ts separately, and PGlite must never be opened twice
// (ARCHITECTURE.md "Known traps"). Apart from client.ts so that reachability.ts, which client.ts
// calls when a connection closes, reads it without importing client.ts back (issue #34 item 7).

type Global = typeof globalThis & { __etkDb?: Promise<DbHandle> };
const g = globalThis as Global;

/** The process's database if it is open or opening, without opening one. */
export function openedDbHandle(): Promise<DbHandle> | undefined {
  return g.__etkDb;
}

/** Records the database being opened, or (undefined) that there is none. */
export function setOpenedDbHandle(handle: Promise<DbHandle> | undefined): void {
  g.__etkDb = handle;
}
