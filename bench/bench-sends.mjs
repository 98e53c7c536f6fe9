// Accepted sends per second and their latency at 50 concurrent customers on a real PostgreSQL
// server (issue #10). Each of the 50 customers has its own package (daily limit 1,000,000,
// cooldown 0) and loops POST /api/twitter/like with 3 profiles for a bounded time.
import { performance } from 'node:perf_hooks';
import { freePort, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

export async function run({ duration }) {
  const users = Number(process.env.BENCH_SEND_USERS ?? 50);
  const pg = await startPostgres();
  let app;
  try {
    // WORKER=0: this node only accepts sends (a front node of a scaled-out deployment); the jobs
    // wait in pg-boss, so the figure is the send path itself, not the provider round trips.
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '0', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    const { customers, profileIds } = await makeCustomers(app.url, users);
    const ids = profileIds.slice(0, 3);
    const send = (token, n) =>
      api(`${app.url}/api/twitter/like`, { token, body: { profile_ids: ids, tweet_url: `https://x.com/bench/status/${1790000000000000000n + BigInt(n)}` } });

    // Warm-up: one send per customer.
    await Promise.all(customers.map((c, i) => send(c.token, i)));

    const latencies = [];
    const refused = {};
    let accepted = 0;
    let counter = 1000;
    const started = performance.now();
    const end = started + duration * 1000;
    await Promise.all(
      customers.map(async (c) => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await send(c.token, counter++).catch((err) => ({ status: `error ${err.code ?? err.message}` }));
          latencies.push(performance.now() - t0);
          if (res.status === 200) accepted++;
          else refused[res.status] = (refused[res.status] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const refusedTotal = Object.values(refused).reduce((a, b) => a + b, 0);
    return {
      title: `Sends on PostgreSQL (${users} customers sending at once, ${duration} s)`,
      lines: [
        '| accepted sends/s | p50 ms | p99 ms | accepted | refused |',
        '| ---: | ---: | ---: | ---: | ---: |',
        `| ${fmt(accepted / elapsed)} | ${fmt(percentile(latencies, 50), 1)} | ${fmt(percentile(latencies, 99), 1)} | ${accepted} | ${refusedTotal}${refusedTotal ? ` (${Object.entries(refused).map(([s, n]) => `${s}: ${n}`).join(', ')})` : ''} |`,
      ],
      notes:
        `POST /api/twitter/like with 3 profiles, each customer a closed loop (next send when the last is answered). ` +
        `Every accepted send is one transaction that locks the customer's row, checks package, limits and cooldown, and writes the order, the usage counter and the pg-boss job. ` +
        `${pg.external ? 'BENCH_DATABASE_URL' : 'A throwaway PostgreSQL cluster (scripts/test-postgres.sh, fsync off)'}; the node runs with WORKER=0, so jobs are queued, not worked.`,
    };
  } finally {
    await stopApp(app);
    await pg.stop();
  }
}
