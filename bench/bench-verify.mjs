// Issue #38: a backlog of due re-checks (`verify`, lib/domain/verification) against concurrent sends,
// on one node and a real PostgreSQL server. The node runs everything (WORKER=1: the order worker,
// the maintenance queue with the `verify` task, and the simulated provider the seed points to, in
// the same process). 20 customers send in a closed loop for the run's duration without a backlog;
// then BENCH_VERIFY_CHECKS (100,000) due checks of ended orders are written straight into the
// database, and once the node has begun answering them the same customers send again for the same
// time. The backlog's figure is from its first answer to its last (checked_at), so the up to one
// minute before the task is first offered is not counted.
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { freePort, peakRssMb, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function run({ duration }) {
  const total = Number(process.env.BENCH_VERIFY_CHECKS ?? 100_000);
  const users = Number(process.env.BENCH_VERIFY_USERS ?? 20);
  const pg = await startPostgres();
  let app;
  const sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  try {
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '1', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'error' },
    });
    // Every action is kept (no make-goods: the checks alone are measured), answered at once.
    await api(`${app.url}/sim-provider/_control`, { body: { undoRate: 0, failRate: 0, minDelayMs: 0, maxDelayMs: 50 } });
    const { customers, profileIds } = await makeCustomers(app.url, users);
    const ids = profileIds.slice(0, 3);
    let counter = 0;
    const send = (token) =>
      api(`${app.url}/api/twitter/like`, { token, body: { profile_ids: ids, tweet_url: `https://x.com/benchverify/status/${1790000000000000000n + BigInt(counter++)}` } });
    const sends = async () => {
      const latencies = [];
      let accepted = 0;
      const started = performance.now();
      const end = started + duration * 1000;
      await Promise.all(
        customers.map(async (c) => {
          while (performance.now() < end) {
            const t0 = performance.now();
            const res = await send(c.token).catch(() => ({ status: 0 }));
            latencies.push(performance.now() - t0);
            if (res.status === 200) accepted++;
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { rps: accepted / ((performance.now() - started) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    };
    await Promise.all(customers.map((c) => send(c.token)));
    const without = await sends();

    // The backlog: ended orders of one customer, each with 10 acting profiles, one due check per
    // profile (of the platform's real profiles, so each check is a real verify call to the simulator).
    const profiles = (await sql`select id from profiles where platform = 'twitter' and status = 'active' order by id limit 10`).map((r) => r.id);
    const perOrder = profiles.length;
    const orderCount = Math.ceil(total / perOrder);
    const owner = customers[0].id;
    const t0 = performance.now();
    await sql`
      insert into orders (user_id, platform, service, target_url, status, profile_ids, profile_count, success_count, results, created_at, completed_at)
      select ${owner}, 'twitter', 'like', 'https://x.com/backlog/status/' || g, 'completed', ${sql.json(profiles)}, ${perOrder}, ${perOrder},
             (select jsonb_agg(jsonb_build_object('profile_id', p, 'result', 'success')) from unnest(${profiles}::int[]) p),
             now() - interval '40 days', now() - interval '40 days'
        from generate_series(1, ${orderCount}) g`;
    await sql`
      insert into verification_checks (order_id, profile_id, after_minutes, due_at)
      select o.id, p, 0, now() - interval '1 minute'
        from orders o cross join unnest(${profiles}::int[]) p
       where o.target_url like 'https://x.com/backlog/status/%'
       limit ${total}`;
    const written = (performance.now() - t0) / 1000;
    const [{ n: backlog }] = await sql`select count(*)::int as n from verification_checks where state = 'due' and after_minutes = 0`;

    // Wait for the task to begin (it is offered once a minute), then send again while it works.
    const waitStart = performance.now();
    while (performance.now() - waitStart < 150_000) {
      const [{ n }] = await sql`select count(*)::int as n from verification_checks where state <> 'due' and after_minutes = 0`;
      if (n > 0) break;
      await sleep(500);
    }
    const during = await sends();
    const [{ n: leftAfterSends }] = await sql`select count(*)::int as n from verification_checks where state = 'due' and after_minutes = 0`;
    const deadline = performance.now() + Number(process.env.BENCH_VERIFY_TIMEOUT_S ?? 1200) * 1000;
    let left = leftAfterSends;
    while (left > 0 && performance.now() < deadline) {
      await sleep(2000);
      [{ n: left }] = await sql`select count(*)::int as n from verification_checks where state = 'due' and after_minutes = 0`;
    }
    const [span] = await sql`
      select count(*)::int as n, extract(epoch from max(checked_at) - min(checked_at))::float8 as seconds
        from verification_checks where after_minutes = 0 and state <> 'due'`;
    const peak = peakRssMb(app);
    const perSecond = span.n / Math.max(span.seconds, 0.001);
    const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? (a / b).toFixed(2) : 'n/a');
    return {
      title: `Re-verification backlog on one node (${backlog.toLocaleString('en-US')} due checks) and concurrent sends (${users} customers, ${duration} s each)`,
      lines: [
        '| measure | value |',
        '| --- | ---: |',
        `| due checks written (SQL, not timed by the node) | ${backlog.toLocaleString('en-US')} in ${fmt(written, 1)} s |`,
        `| checks answered | ${span.n.toLocaleString('en-US')}${left > 0 ? ` (${left.toLocaleString('en-US')} still due at the timeout)` : ''} |`,
        `| first to last answer | **${fmt(span.seconds, 0)} s** |`,
        `| checks per second | **${fmt(perSecond, 0)}** |`,
        `| sends/s without a backlog (p50 / p99 ms) | ${fmt(without.rps)} (${fmt(without.p50, 1)} / ${fmt(without.p99, 1)}) |`,
        `| sends/s while the backlog is worked (p50 / p99 ms) | ${fmt(during.rps)} (${fmt(during.p50, 1)} / ${fmt(during.p99, 1)}) |`,
        `| with ÷ without | ${ratio(during.rps, without.rps)} |`,
        `| server peak RSS MB | ${fmt(peak)} |`,
      ],
      notes:
        `One node (WORKER=1: order worker, maintenance queue, simulated provider in the same process) on ${pg.external ? 'BENCH_DATABASE_URL' : 'a throwaway PostgreSQL cluster'}. ` +
        `The verify task (lib/domain/verification runVerification) works batches of 200 checks, 8 questions to the provider at once, pausing 20 ms between batches, for at most 15 s a run, and offers itself again while checks are left; ` +
        `each batch is one claiming statement and one recording statement. Before this change a run worked 20 checks a minute, one at a time: ${backlog.toLocaleString('en-US')} checks took ${fmt(backlog / 20 / 60, 0)} hours. ` +
        `The sends are POST /api/twitter/like with 3 profiles in a closed loop (next send when the last is answered), then worked by the same node against the simulator.`,
    };
  } finally {
    await sql.end();
    await stopApp(app);
    await pg.stop();
  }
}
