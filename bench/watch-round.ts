/**
 * The child of bench/bench-watch.mjs: one polling pass over every due watch (rounds of the
 * poller, pollWatches, until none is due) at the moment NOW, against DATABASE_URL and the
 * platforms' provider endpoints there (the app's simulator). Prints one JSON line: the pass's wall
 * time, this process's CPU time (user + system) during it, and what the rounds did. Orders are not
 * queued (no pg-boss here): the pass's cost is finding the posts and writing their orders.
 * Run with `node --import tsx` and TSX_TSCONFIG_PATH=tsconfig.server.json.
 */
import { open } from '@/db/client';
import { pollWatches } from '@/lib/domain/watches';

async function main(): Promise<void> {
  const handle = await open({ databaseUrl: process.env.DATABASE_URL!, migrate: false, max: 10 });
  const now = new Date(process.env.NOW!);
  const totals = { rounds: 0, polled: 0, ordered: 0, skipped: 0, ended: 0 };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (;;) {
    const r = await pollWatches(handle.db, { now, pollSeconds: 120, enqueue: async () => {} });
    totals.rounds++;
    totals.polled += r.polled;
    totals.ordered += r.ordered;
    totals.skipped += r.skipped;
    totals.ended += r.ended;
    if (r.polled === 0) break;
  }
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: (cpu.user + cpu.system) / 1000, ...totals })}\n`);
  await handle.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
