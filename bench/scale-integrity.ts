// Runs the integrity check (lib/domain/integrity) once on the database at DATABASE_URL and prints
// what it found and how long it took, as JSON: bench/bench-pages.mjs times it on the empty and
// the scaled database.
import { closeDb, getDbHandle } from '@/db/client';
import { runIntegrityCheck } from '@/lib/domain/integrity';

const handle = await getDbHandle();
const started = performance.now();
const result = await runIntegrityCheck(handle.db, { retrieveIntent: async () => null });
const ms = performance.now() - started;
await closeDb();
process.stdout.write(`${JSON.stringify({ ms, ok: result.ok, checked: result.checked, discrepancies: result.discrepancies.length, first: result.discrepancies[0] ?? null })}\n`);
