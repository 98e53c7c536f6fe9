// operation_update fan-out with 2,000+ connected sockets on a real PostgreSQL server (issue #10):
// latency from the provider's result to the client's receipt, and the server's memory per socket.
// Real orders go through the simulated provider: each event carries the order's updated_at, which
// the worker stamps right after it read the provider's answer, so receipt − timestamp is the time
// from the provider's result to the browser (database write, emit, adapter, websocket).
import { performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';
import { freePort, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile, rssKb, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function run() {
  const socketsWanted = Number(process.env.BENCH_SOCKETS ?? 2000);
  const perUser = Number(process.env.BENCH_SOCKETS_PER_USER ?? 20);
  const users = Math.ceil(socketsWanted / perUser);
  const orderCount = Number(process.env.BENCH_FANOUT_ORDERS ?? 40);
  const pg = await startPostgres();
  let app;
  const sockets = [];
  try {
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '1', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    const { adminToken, customers, profileIds } = await makeCustomers(app.url, users);
    // The simulated provider of this node: every profile succeeds after 200–800 ms.
    const { body: plat } = await api(`${app.url}/api/platformlar`, { token: adminToken });
    const simControl = `${new URL(plat.platformlar.find((p) => p.ad === 'twitter').api_endpoints.like).origin}/sim-provider/_control`;
    await api(simControl, { body: { reset: true, failRate: 0, minDelayMs: 200, maxDelayMs: 800 } });

    await sleep(1000);
    const rssBefore = rssKb(app.child.pid);

    // Connect and authenticate every socket (websocket transport), 100 at a time.
    const latencies = [];
    const progressLatencies = [];
    let received = 0;
    const finals = new Map();
    const connectStarted = performance.now();
    for (let i = 0; i < users * perUser; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, users * perUser - i) }, (_, k) => {
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
    return {
      title: `operation_update fan-out (${connected} sockets of ${users} customers, PostgreSQL, real orders through the simulated provider)`,
      lines: [
        '| sockets | server RSS before MB | after MB | per socket KB | connect+auth all s | receipts | provider result → client p50 ms | p99 ms | final events p50 ms | p99 ms | orders finished |',
        '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        `| ${connected} | ${fmt(rssBefore / 1024, 1)} | ${fmt(rssAfter / 1024, 1)} | ${fmt((rssAfter - rssBefore) / connected, 1)} | ${fmt(connectMs / 1000, 1)} | ${received} | ${fmt(percentile(all, 50))} | ${fmt(percentile(all, 99))} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 99))} | ${complete}/${taskIds.length} in ${fmt(allMs / 1000, 1)} s |`,
      ],
      notes:
        `${perUser} sockets per customer (tabs), websocket transport, all on loopback from one client process. ` +
        `${orderCount} orders sent through POST /api/twitter/like and worked by the node's own worker against the simulated provider (every profile succeeds after 200–800 ms; the worker polls every second). ` +
        `Latency is measured from the provider's result — the order's updated_at, stamped by the worker right after reading the provider's answer — to each socket's receipt (same clock); "final events" are the completed ones. ` +
        `Memory is the server's VmRSS (/proc/<pid>/status) before and 3 s after connecting, divided by the sockets. The Socket.IO postgres adapter is on (DATABASE_URL set), as in a scaled-out deployment.`,
    };
  } finally {
    for (const s of sockets) s.close();
    await stopApp(app);
    await pg.stop();
  }
}
