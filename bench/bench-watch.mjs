// Issue #37 (watches): 10,000 active watches on one node against the simulated provider, on a
// real PostgreSQL server.
// 1. One polling pass over all 10,000 due watches (each its own account, so 10,000 account_posts
//    calls to the simulator over loopback): wall and CPU time of the process doing it (bench/
//    watch-round.ts, the poller's own code, rounds of 500 until none is due), and a second pass
//    when nothing is new.
// 2. The time from a post published through the simulator's control switch to its order accepted
//    (the order row written by the node's own maintenance loop, watch_poll_seconds = 5, the least),
//    p50 and p99 over POSTS posts of POSTS watches, while the 10,000 stay active (not due then:
//    their next poll lies after the pass's moment).
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import { freePort, peakRssMb, root, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile, startPostgres } from './postgres.mjs';

const WATCHES = Number(process.env.BENCH_WATCHES ?? 10_000);
const POSTS = Number(process.env.BENCH_WATCH_POSTS ?? 50);
const OWNERS = 20;
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

function pass(databaseUrl, now) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/watch-round.ts'], {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.server.json', DATABASE_URL: databaseUrl, NOW: now.toISOString(), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`watch-round ended with ${code}:\n${out.slice(-2000)}`));
    });
  });
}

export async function run() {
  const title = `Watches: ${WATCHES.toLocaleString('en-US')} active watches on one node against the simulator (PostgreSQL)`;
  const pg = await startPostgres();
  let app;
  let peak = NaN;
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  try {
    app = await startApp({ port: await freePort(), databaseUrl: pg.url, env: { SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password } });
    const { adminToken, customers, profileIds } = await makeCustomers(app.url, OWNERS);
    const { site_ayar } = (await api(`${app.url}/api/site-ayar`, { token: adminToken })).body;
    await api(`${app.url}/api/site-ayar`, { method: 'PUT', token: adminToken, body: { ...site_ayar, watch_poll_seconds: 5 } });

    // 1. The 10,000 watches, written straight into the table (the API's checks are not what is
    // measured), each on an account of its own, created now (older posts are ignored), with their
    // next poll a day ahead so that the node's own loop leaves them to the pass below.
    const created = new Date();
    const later = new Date(created.getTime() + 86_400_000);
    const ends = new Date(created.getTime() + 20 * 86_400_000);
    const owners = customers.map((c) => Number(c.id));
    await sql`
      insert into watches (user_id, platform, account, services, profile_ids, delay_min_minutes, delay_max_minutes,
                           spread_minutes, max_posts_per_day, ends_at, next_poll_at, created_at)
      select (${owners}::int[])[1 + i % ${OWNERS}], 'twitter', 'benchw' || i, '["like"]'::jsonb, ${JSON.stringify(profileIds.slice(0, 2))}::jsonb,
             0, 0, 0, 10, ${ends}, ${later}, ${created}
        from generate_series(0, ${WATCHES - 1}) as i`;
    const first = await pass(pg.url, new Date(later.getTime() + 1000));
    // Again, every watch due once more and nothing new: the steady state.
    await sql`update watches set next_poll_at = ${later} where account like 'benchw%'`;
    const second = await pass(pg.url, new Date(later.getTime() + 2000));

    // 2. Published post → order accepted, by the node's own loop.
    const owner = customers[0];
    const watchIds = [];
    for (let i = 0; i < POSTS; i++) {
      const res = await api(`${app.url}/api/watches`, {
        token: owner.token,
        body: { platform: 'twitter', account: `@benchlat${i}`, services: ['like'], profile_ids: profileIds.slice(2, 4), delay_minutes: [0, 0], spread_minutes: 0, max_posts_per_day: 100, ends_at: ends.toISOString().slice(0, 10) },
      });
      if (res.status !== 201) throw new Error(`watch: ${res.status} ${JSON.stringify(res.body)}`);
      watchIds.push(res.body.watch.id);
    }
    // Their first poll (nothing new) has run, so each post below is found by a later one.
    await new Promise((r) => setTimeout(r, 7000));
    const published = [];
    for (let i = 0; i < POSTS; i++) {
      const res = await fetch(`${app.url}/sim-provider/_control`, { method: 'POST', body: JSON.stringify({ publish: { platform: 'twitter', account: `benchlat${i}` } }) });
      const { post } = await res.json();
      published.push({ watchId: watchIds[i], at: Date.parse(post.created_at) });
      // Spread over the polling period, so the posts meet the loop at every phase of it.
      await new Promise((r) => setTimeout(r, 200));
    }
    const latencies = [];
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const found = await sql`select watch_id, min(created_at) as at from orders where watch_id in ${sql(watchIds)} group by watch_id`;
      if (found.length >= POSTS) {
        const byWatch = new Map(found.map((r) => [Number(r.watch_id), new Date(r.at).getTime()]));
        for (const p of published) latencies.push(byWatch.get(p.watchId) - p.at);
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    latencies.sort((a, b) => a - b);
    peak = peakRssMb(app);
    return {
      title,
      lines: [
        '| measure | value |',
        '| --- | ---: |',
        `| watches due in the pass (each its own account) | ${first.polled.toLocaleString('en-US')} |`,
        `| first pass: wall time (s) | ${fmt(first.wallMs / 1000, 1)} |`,
        `| first pass: CPU time of the polling process (s) | ${fmt(first.cpuMs / 1000, 1)} |`,
        `| first pass: rounds of 500 / posts ordered / skipped | ${first.rounds - 1} / ${first.ordered} / ${first.skipped} |`,
        `| second pass (nothing new): wall / CPU (s) | ${fmt(second.wallMs / 1000, 1)} / ${fmt(second.cpuMs / 1000, 1)} |`,
        `| watches per second (first pass, wall) | ${fmt(first.polled / (first.wallMs / 1000), 0)} |`,
        `| published post → order accepted, p50 (s) | ${fmt(percentile(latencies, 50) / 1000, 2)} |`,
        `| published post → order accepted, p99 (s) | ${fmt(percentile(latencies, 99) / 1000, 2)} |`,
        `| posts measured | ${latencies.length} of ${POSTS} |`,
        `| server peak RSS (MB) | ${fmt(peak, 0)} |`,
      ],
      notes:
        `The pass runs the poller's code (pollWatches) in a process of its own (bench/watch-round.ts), rounds of 500 claimed watches until none is due, eight accounts asked at once; its CPU is that process's (the simulator answering is the server's). The latency is the node's own maintenance loop with watch_poll_seconds = 5 (the least): from the post's created_at to its order's created_at, both on this machine, so a post waits for the next poll of its watch (due 5 s after the last one, the maintenance task offered every 5 s: up to about 10 s) plus the round; with the default 120 s the wait grows with the period. The ${WATCHES.toLocaleString('en-US')} watches stay active meanwhile but are not due (their next poll follows the pass's moment).`,
    };
  } finally {
    await sql.end().catch(() => {});
    await stopApp(app);
    await pg.stop();
  }
}
