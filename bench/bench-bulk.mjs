// Bulk orders (issue #36 item 5) on a real PostgreSQL server: POST /api/orders/bulk of 100 targets
// × 5 profiles, the whole request's p50 and p99, and what one target costs in it against one single
// send (POST /api/twitter/like, 5 profiles) measured in the same run on the same database. The
// node runs with WORKER=0 (as bench-sends): the figure is the send path, not the provider.
import { freePort, peakRssMb, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const TARGETS = 100;
const PROFILES = 5;
const ROUNDS = Number(process.env.BENCH_BULK_ROUNDS ?? 15);
const SINGLES = Number(process.env.BENCH_BULK_SINGLES ?? 200);

export async function run() {
  const title = `Bulk orders on PostgreSQL: POST /api/orders/bulk of ${TARGETS} targets × ${PROFILES} profiles against single sends`;
  const pg = await startPostgres();
  let app;
  let peak = NaN;
  try {
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '0', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    const { customers, profileIds } = await makeCustomers(app.url, 1);
    const { token } = customers[0];
    const profile_ids = profileIds.slice(0, PROFILES);
    let n = 0;
    const target = () => `https://x.com/bench/status/${1795000000000000000n + BigInt(n++)}`;
    const timed = async (path, body) => {
      const t0 = performance.now();
      const res = await api(`${app.url}${path}`, { token, body });
      return { ms: performance.now() - t0, res };
    };

    // Warm-up of both paths (compiled routes, prepared statements, pools).
    for (let i = 0; i < 20; i++) await timed('/api/twitter/like', { profile_ids, tweet_url: target() });
    await timed('/api/orders/bulk', { service: 'like', profile_ids, targets: Array.from({ length: TARGETS }, target) });

    // Interleaved, so drift on a shared machine weighs on both alike: single sends, then a bulk order, …
    const singles = [];
    const bulks = [];
    const refusals = {};
    const perRound = Math.ceil(SINGLES / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < perRound; i++) {
        const { ms, res } = await timed('/api/twitter/like', { profile_ids, tweet_url: target() });
        if (res.status === 200) singles.push(ms);
        else {
          const what = `single ${res.status} ${res.body.code}`;
          refusals[what] = (refusals[what] ?? 0) + 1;
        }
      }
      const { ms, res } = await timed('/api/orders/bulk', { service: 'like', profile_ids, targets: Array.from({ length: TARGETS }, target) });
      if (res.status === 200 && res.body.accepted === TARGETS) bulks.push(ms);
      else {
        const what = `bulk ${res.status} ${res.body.code ?? `accepted ${res.body.accepted}`}`;
        refusals[what] = (refusals[what] ?? 0) + 1;
      }
    }
    singles.sort((a, b) => a - b);
    bulks.sort((a, b) => a - b);
    const s50 = percentile(singles, 50);
    const s99 = percentile(singles, 99);
    const b50 = percentile(bulks, 50);
    const b99 = percentile(bulks, 99);
    const perTarget = b50 / TARGETS;
    peak = peakRssMb(app);
    const refused = Object.entries(refusals).map(([k, v]) => `${k}: ${v}`).join(', ');
    return {
      title,
      lines: [
        '| request | count | p50 ms | p99 ms | per target (p50) ms | per target ÷ single send |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        `| single send (like, ${PROFILES} profiles) | ${singles.length} | ${fmt(s50, 1)} | ${fmt(s99, 1)} | ${fmt(s50, 2)} | 1.00 |`,
        `| bulk order (${TARGETS} targets × ${PROFILES} profiles) | ${bulks.length} | ${fmt(b50, 0)} | ${fmt(b99, 0)} | ${fmt(perTarget, 2)} | ${fmt(perTarget / s50, 2)} |`,
      ],
      notes: `One customer with a package (daily limit 1,000,000, cooldown 0), sequential requests, single sends and bulk orders interleaved (${ROUNDS} rounds) on one database; every line of a bulk order is an ordinary order (the send's checks, order row, usage counter and pg-boss job) in one transaction, each line in its own savepoint (lib/domain/operations/bulk-order.ts). Server peak RSS ${fmt(peak)} MB.${refused ? ` Refused: ${refused}.` : ''}`,
    };
  } finally {
    if (app) await stopApp(app);
    await pg.stop();
  }
}
