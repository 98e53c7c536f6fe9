// operation_update fan-out with 5,000 connected sockets on one node on a real PostgreSQL server
// (issues #10, #19): latency from the provider's result to the client's receipt, and the server's
// memory per socket. Goals (#19): p99 ≤ 100 ms, ≤ 25 KB per socket.
// Real orders go through the simulated provider: each event carries the order's updated_at, which
// the worker stamps right after it read the provider's answer, so receipt − timestamp is the time
// from the provider's result to the browser (database write, emit, adapter, websocket).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';
import { freePort, peakRssMb, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile, rssKb, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const GOAL_P99_MS = 100;
const GOAL_KB_PER_SOCKET = 25;

/** The soft limit of open files of this process (the server it starts inherits it). */
function openFilesLimit() {
  try {
    const m = /Max open files\s+(\d+|unlimited)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return m ? (m[1] === 'unlimited' ? Infinity : Number(m[1])) : Infinity;
  } catch {
    return Infinity;
  }
}

export async function run() {
  const socketsWanted = Number(process.env.BENCH_SOCKETS ?? 5000);
  const perUser = Number(process.env.BENCH_SOCKETS_PER_USER ?? 20);
  const users = Math.ceil(socketsWanted / perUser);
  const orderCount = Number(process.env.BENCH_FANOUT_ORDERS ?? 40);
  const batch = Number(process.env.BENCH_CONNECT_BATCH ?? 100);
  // One descriptor per socket on each side (this process and the server), plus the server's own.
  const fdLimit = openFilesLimit();
  if (fdLimit < users * perUser + 1024) {
    throw new Error(`bench-fanout: ${users * perUser} sockets need more open files than the limit of ${fdLimit}: raise it (ulimit -n ${users * perUser + 1024}) or lower BENCH_SOCKETS`);
  }
  const pg = await startPostgres();
  let app;
  const sockets = [];
  try {
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '1', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    // 250 customers at 5,000 sockets: a few more at once than the default (each is argon2 work on the server).
    const setupStarted = performance.now();
    const { adminToken, customers, profileIds } = await makeCustomers(app.url, users, { concurrency: 8 });
    const setupMs = performance.now() - setupStarted;
    // The simulated provider of this node: every profile succeeds after 200–800 ms.
    const { body: plat } = await api(`${app.url}/api/platformlar`, { token: adminToken });
    const simControl = `${new URL(plat.platformlar.find((p) => p.ad === 'twitter').api_endpoints.like).origin}/sim-provider/_control`;
    await api(simControl, { body: { reset: true, failRate: 0, minDelayMs: 200, maxDelayMs: 800 } });

    await sleep(1000);
    const rssBefore = rssKb(app.child.pid);

    // Connect and authenticate every socket (websocket transport), `batch` at a time. Each socket
    // has its own engine (forceNew) and its own websocket connection; ws opens them without an
    // agent pool, so nothing on the client side caps the connections besides the open-files limit.
    const latencies = [];
    const progressLatencies = [];
    let received = 0;
    const finals = new Map();
    const connectStarted = performance.now();
    for (let i = 0; i < users * perUser; i += batch) {
      await Promise.all(
        Array.from({ length: Math.min(batch, users * perUser - i) }, (_, k) => {
          const c = customers[(i + k) % users];
          const s = connect(app.url, { path: '/socket.io/', transports: ['websocket'], reconnection: false, auth: { token: c.token }, forceNew: true });
          sockets.push(s);
          s.on('operation_update', (u) => {
            received++;
            const now = Date.now();
            if (u.result.length > 0) (u.status === 'completed' ? latencies : progressLatencies).push(now - Date.parse(u.timestamp));
            if (u.status === 'completed') finals.set(u.task_id, (finals.get(u.task_id) ?? 0) + 1);
          });
          return new Promise((resolve, reject) => {
            s.once('authenticated', resolve);
            s.once('auth_error', reject);
            s.once('connect_error', reject);
          });
        }),
      );
    }
    const connectMs = performance.now() - connectStarted;
    await sleep(3000);
    const rssAfter = rssKb(app.child.pid);
    const connected = sockets.filter((s) => s.connected).length;

    // Real orders: one like with 3 profiles for each of the first `orderCount` customers.
    const ids = profileIds.slice(0, 3);
    const sendStarted = performance.now();
    const taskIds = [];
    for (let i = 0; i < orderCount; i++) {
      const c = customers[i % users];
      const res = await api(`${app.url}/api/twitter/like`, { token: c.token, body: { profile_ids: ids, tweet_url: `https://x.com/bench/status/${1790000000000000000n + BigInt(i)}` } });
      if (res.status === 200) taskIds.push(res.body.task_id);
    }
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline && taskIds.some((t) => (finals.get(t) ?? 0) < perUser)) await sleep(200);
    const allMs = performance.now() - sendStarted;
    const complete = taskIds.filter((t) => (finals.get(t) ?? 0) >= perUser).length;

    const all = [...progressLatencies, ...latencies].sort((a, b) => a - b);
    latencies.sort((a, b) => a - b);
    const peak = peakRssMb(app);
    const perSocketKb = (rssAfter - rssBefore) / connected;
    const p99 = percentile(all, 99);
    const verdict = (ok) => (ok ? 'met' : 'not met');
    return {
      title: `operation_update fan-out (${connected} sockets of ${users} customers on one node, PostgreSQL, real orders through the simulated provider)`,
      lines: [
        '| sockets | server RSS before MB | after MB | per socket KB | goal ≤ 25 KB | server peak RSS MB | connect+auth all s | receipts | provider result → client p50 ms | p99 ms | goal p99 ≤ 100 ms | final events p50 ms | p99 ms | orders finished |',
        '| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
        `| ${connected} | ${fmt(rssBefore / 1024, 1)} | ${fmt(rssAfter / 1024, 1)} | ${fmt(perSocketKb, 1)} | ${verdict(perSocketKb <= GOAL_KB_PER_SOCKET)} | ${fmt(peak)} | ${fmt(connectMs / 1000, 1)} | ${received} | ${fmt(percentile(all, 50))} | ${fmt(p99)} | ${verdict(p99 <= GOAL_P99_MS && connected >= socketsWanted)} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 99))} | ${complete}/${taskIds.length} in ${fmt(allMs / 1000, 1)} s |`,
      ],
      notes:
        `${perUser} sockets per customer (tabs), websocket transport, all on loopback from one client process. ` +
        `${orderCount} orders sent through POST /api/twitter/like and worked by the node's own worker against the simulated provider (every profile succeeds after 200–800 ms; the worker polls every second). ` +
        `Latency is measured from the provider's result — the order's updated_at, stamped by the worker right after reading the provider's answer — to each socket's receipt (same clock); "final events" are the completed ones. ` +
        `Memory is the server's VmRSS (/proc/<pid>/status) before and 3 s after connecting, divided by the sockets; peak RSS is its VmHWM at the end (customer setup included). The Socket.IO postgres adapter is on (DATABASE_URL set), as in a scaled-out deployment. ` +
        `Goals (issue #19): ${socketsWanted} sockets on one node, every event (progress and final) p99 ≤ ${GOAL_P99_MS} ms, ≤ ${GOAL_KB_PER_SOCKET} KB per socket. ` +
        `Sockets connected ${batch} at a time; the ${users} customers were made in ${fmt(setupMs / 1000, 1)} s.`,
    };
  } finally {
    for (const s of sockets) s.close();
    await stopApp(app);
    await pg.stop();
  }
}
