// Accepted sends per second and their latency at 50 concurrent customers on a real PostgreSQL
// server (issue #10). Each of the 50 customers has its own package (daily limit 1,000,000,
// cooldown 0) and loops POST /api/twitter/like with 3 profiles for a bounded time. The server
// counts what it sends to PostgreSQL (bench/count-pg.mjs): statements and writes per send.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, peakRssMb, startApp, stopApp, tempDir } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, orderCount, percentile, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Asks the server for count-pg's totals (SIGUSR2) and waits until it has written them. */
async function pgCounts(app, file) {
  const read = () => {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  };
  const before = read()?.seq ?? 0;
  app.child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const now = read();
    if (now && now.seq > before) return now;
    await sleep(10);
  }
  return null;
}

/**
 * The benchmark on an empty database and on a copy of the scale fixture (bench/scale.mjs: 1,000,000
 * orders, its busy resellers as the customers), side by side with the ratio (issue #35).
 */
export async function run({ duration }) {
  const users = Number(process.env.BENCH_SEND_USERS ?? 50);
  const empty = await measureOn({ duration, users, scaled: false });
  const scaled = await measureOn({ duration, users, scaled: true });
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? (a / b).toFixed(2) : 'n/a');
  const row = (name, m) =>
    `| ${name} | ${fmt(m.closed.rps)} | ${fmt(m.closed.p50, 1)} | ${fmt(m.closed.p99, 1)} | ${m.closed.refused} | ${fmt(m.open.rps)} | ${fmt(m.open.p50, 1)} | ${fmt(m.open.p99, 1)} | ${m.open.refused} | ${fmt(m.statements, 1)} | ${fmt(m.peak)} |`;
  return {
    title: `Sends on PostgreSQL (${users} customers sending at once, ${duration} s), empty and scaled database`,
    lines: [
      `| database | closed loop sends/s | p50 ms | p99 ms | refused | open loop (${empty.rate}/s offered) accepted/s | p50 ms | p99 ms | refused | statements per send | server peak RSS MB |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('empty', empty),
      row(`scaled (${scaled.orders.toLocaleString('en-US')} orders)`, scaled),
      `| scaled ÷ empty | ${ratio(scaled.closed.rps, empty.closed.rps)} | ${ratio(scaled.closed.p50, empty.closed.p50)} | ${ratio(scaled.closed.p99, empty.closed.p99)} | | ${ratio(scaled.open.rps, empty.open.rps)} | ${ratio(scaled.open.p50, empty.open.p50)} | ${ratio(scaled.open.p99, empty.open.p99)} | | ${ratio(scaled.statements, empty.statements)} | |`,
    ],
    notes: `${empty.notes} On the scaled database the ${users} customers are the fixture's busy resellers (bench/scale.mjs), each with thousands of orders of their own, given the same package; the database is a fresh copy of the fixture's template (${fmt(scaled.copySeconds, 1)} s to copy).`,
  };
}

async function measureOn({ duration, users, scaled }) {
  const pg = await startPostgres({ scaled });
  let app;
  const countFile = path.join(tempDir('etk-bench-pgcount-'), 'counts.json');
  try {
    // WORKER=0: this node only accepts sends (a front node of a scaled-out deployment); the jobs
    // wait in pg-boss, so the figure is the send path itself, not the provider round trips.
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      preload: ['bench/count-pg.mjs'],
      env: {
        WORKER: '0',
        SEED_DEMO: '0',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        BENCH_PG_PORT: new URL(pg.url).port,
        BENCH_PG_COUNT_FILE: countFile,
      },
    });
    const { customers, profileIds } = await makeCustomers(app.url, users, { scaled });
    const ids = profileIds.slice(0, 3);
    const send = (token, n) =>
      api(`${app.url}/api/twitter/like`, { token, body: { profile_ids: ids, tweet_url: `https://x.com/bench/status/${1790000000000000000n + BigInt(n)}` } });

    // Warm-up: one send per customer.
    await Promise.all(customers.map((c, i) => send(c.token, i)));

    // What the idle node sends to PostgreSQL by itself (pg-boss, the Socket.IO adapter's heartbeat)
    // in 2 s, to tell it apart from the sends' own statements.
    const idle0 = await pgCounts(app, countFile);
    const idleStarted = performance.now();
    await sleep(2000);
    const idle1 = await pgCounts(app, countFile);
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const c0 = idle1; // the window starts here

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
    const c1 = await pgCounts(app, countFile);
    latencies.sort((a, b) => a - b);

    // The same customers at a fixed offered rate (open loop): a send leaves at its scheduled time
    // whether or not earlier ones were answered, and its latency counts from that time, so a slow
    // answer delays no later measurement (no coordinated omission). In the closed loop above the
    // latency is the customers' number divided by the throughput (Little's law: 50 customers at
    // 500/s wait 100 ms on average) and says nothing about a send at a given load.
    const rate = Number(process.env.BENCH_SEND_RATE ?? 400);
    const open = { latencies: [], accepted: 0, refused: {}, sent: 0 };
    const openStarted = performance.now();
    const openEnd = openStarted + duration * 1000;
    const pending = [];
    while (performance.now() < openEnd) {
      const due = Math.floor(((performance.now() - openStarted) / 1000) * rate);
      for (; open.sent < due; open.sent++) {
        const scheduled = openStarted + (open.sent * 1000) / rate;
        const customer = customers[open.sent % customers.length];
        pending.push(
          send(customer.token, counter++)
            .catch((err) => ({ status: `error ${err.code ?? err.message}` }))
            .then((res) => {
              open.latencies.push(performance.now() - scheduled);
              if (res.status === 200) open.accepted++;
              else open.refused[res.status] = (open.refused[res.status] ?? 0) + 1;
            }),
        );
      }
      await sleep(1);
    }
    await Promise.all(pending);
    const openElapsed = (performance.now() - openStarted) / 1000;
    open.latencies.sort((a, b) => a - b);
    const openRefused = Object.values(open.refused).reduce((a, b) => a + b, 0);
    const peak = peakRssMb(app);
    const refusedTotal = Object.values(refused).reduce((a, b) => a + b, 0);
    // Every send of the window had ended before the second count (the loops had ended); those
    // answered are the ones with an HTTP status (not a network error).
    const answered = accepted + Object.entries(refused).reduce((a, [s, n]) => a + (String(s).startsWith('error') ? 0 : n), 0);
    const per = (k) => (c0 && c1 && answered ? (c1[k] - c0[k]) / answered : NaN);
    const idleRate = (k) => (idle0 && idle1 ? (idle1[k] - idle0[k]) / idleSeconds : NaN);
    const parses = c0 && c1 ? ((c1.messages.P ?? 0) - (c0.messages.P ?? 0)) / answered : NaN;
    const orders = await orderCount(pg.url);
    return {
      orders,
      rate,
      copySeconds: pg.copySeconds,
      peak,
      statements: per('statements'),
      closed: { rps: accepted / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), refused: refusedTotal },
      open: { rps: open.accepted / openElapsed, p50: percentile(open.latencies, 50), p99: percentile(open.latencies, 99), refused: openRefused },
      notes:
        `POST /api/twitter/like with 3 profiles, first each customer a closed loop (next send when the last is answered: the most the node accepts), ` +
        `then at a fixed offered rate (BENCH_SEND_RATE, open loop: latency from each send's scheduled time, the latency of a send at that load). ` +
        `Every accepted send is one transaction that locks the customer's row, checks package, limits and cooldown, and writes the order, the usage counter and the pg-boss job. ` +
        `${pg.external ? 'BENCH_DATABASE_URL' : 'A throwaway PostgreSQL cluster (scripts/test-postgres.sh, fsync off)'}; the node runs with WORKER=0, so jobs are queued, not worked. ` +
        `Statements and writes are counted inside the server (bench/count-pg.mjs, loaded with --import): every socket write to PostgreSQL's port is a write, every Bind or simple Query message in it a statement; ` +
        `the window's difference is divided by the ${answered} sends answered in it (${fmt(parses, 2)} Parse messages per send: statements prepared on a connection for the first time). ` +
        `They include what the node sends by itself (pg-boss, the Socket.IO adapter), measured idle as ${fmt(idleRate('statements'), 1)} statements and ${fmt(idleRate('writes'), 1)} writes a second. ` +
        `Peak RSS is the server's VmHWM (/proc/<pid>/status) at the end, customer setup included.`,
    };
  } finally {
    await stopApp(app);
    await pg.stop();
    fs.rmSync(path.dirname(countFile), { recursive: true, force: true });
  }
}
