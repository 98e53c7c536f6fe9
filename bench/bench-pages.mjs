// Pages and reports an admin or a customer opens (issue #35 item 2), on an empty database and on a
// copy of the scale fixture (bench/scale.mjs: 1,000,000 orders), side by side: each target loaded
// by a few connections for a bounded time (p99 is the goal: ≤ 200 ms at 1,000,000 orders), the CSV
// exports fetched whole (first byte and last), and the integrity check of the whole database run once.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { freePort, load, loginCookie, peakRssMb, root, sessionCookie, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, orderCount, startPostgres } from './postgres.mjs';
import { SCALE_PASSWORD } from './scale.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 4);

/**
 * One whole download, as a browser asks for it (fetch offers gzip, deflate and br): ms to the
 * response's headers, to the first byte of the body after decompression and to the last, and its
 * size decompressed. The compressor sends its first block once it has filled it, so the first
 * byte of a large file comes after a few batches.
 */
async function download(url, headers) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const head = performance.now() - t0;
  const reader = res.body.getReader();
  let first = NaN;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (Number.isNaN(first)) first = performance.now() - t0;
    if (done) break;
    bytes += value.length;
  }
  return { status: res.status, head, first, total: performance.now() - t0, bytes, encoding: res.headers.get('content-encoding') ?? 'none' };
}

async function measureOn({ duration, scaled }) {
  const pg = await startPostgres({ scaled });
  let app;
  const rows = new Map();
  let peak = NaN;
  let orders = 0;
  try {
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '0', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    // The customer: on the scaled database the busiest kind (a reseller with thousands of orders).
    const { adminToken, customers, profileIds } = await makeCustomers(app.url, 1, { scaled });
    const customer = customers[0];
    const customerCookie = await loginCookie(app.url, { email: customer.email, password: scaled ? SCALE_PASSWORD : customer.password, name: 'Bench' });
    const adminCookie = await sessionCookie(app.url, adminToken);
    const asCustomer = { authorization: `Bearer ${customer.token}` };
    const asAdmin = { authorization: `Bearer ${adminToken}` };
    // A page is rendered for its reader: another cookie besides the session passes the page cache.
    const customerPage = customerCookie ? { cookie: `${customerCookie}; bench=1` } : null;
    const adminPage = adminCookie ? { cookie: `${adminCookie}; bench=1` } : null;
    // Some recent orders of the customer so the empty database's pages have something to show.
    for (let i = 0; i < 20; i++) {
      await api(`${app.url}/api/twitter/like`, { token: customer.token, body: { profile_ids: profileIds.slice(0, 3), tweet_url: `https://x.com/bench/status/${1790000000000000000n + BigInt(i)}` } }).catch(() => {});
    }
    const targets = [
      ['customer: overview page /panel (SSR)', '/panel', customerPage],
      ['customer: statistics page /panel/statistics (SSR)', '/panel/statistics', customerPage],
      ['customer: GET /api/users/transactions/me', '/api/users/transactions/me', asCustomer],
      ['customer: GET /api/islem-gecmisi/stats/benim/platform/twitter', '/api/islem-gecmisi/stats/benim/platform/twitter', asCustomer],
      ['customer: GET /api/users/limits/me', '/api/users/limits/me', asCustomer],
      ['customer: GET /api/notifications', '/api/notifications', asCustomer],
      ['customer: GET /api/tickets', '/api/tickets', asCustomer],
      ['admin: dashboard page /rooting (SSR)', '/rooting', adminPage],
      ['admin: GET /api/admin/analytics?days=7', '/api/admin/analytics?days=7', asAdmin],
      ['admin: GET /api/admin/analytics?days=90', '/api/admin/analytics?days=90', asAdmin],
      ['admin: GET /api/admin/orders/stuck', '/api/admin/orders/stuck', asAdmin],
      ['admin: users page /rooting/users (SSR)', '/rooting/users', adminPage],
      ['admin: profiles page /rooting/profiles (SSR)', '/rooting/profiles', adminPage],
      ['admin: GET /api/tickets/admin', '/api/tickets/admin', asAdmin],
      ['admin: history page /rooting/history (SSR)', '/rooting/history', adminPage],
    ];
    for (const [name, p, headers] of targets) {
      if (!headers) {
        rows.set(name, { skipped: 'could not sign in' });
        continue;
      }
      const probe = await fetch(app.url + p, { headers, redirect: 'manual' }).catch(() => null);
      if (!probe || probe.status !== 200) {
        rows.set(name, { skipped: `answers ${probe?.status ?? 'nothing'}` });
        continue;
      }
      await probe.arrayBuffer();
      await load(app.url + p, { duration: 1, connections: CONNECTIONS, headers });
      rows.set(name, await load(app.url + p, { duration, connections: CONNECTIONS, headers }));
    }
    for (const kind of ['orders', 'payments', 'users']) {
      const d = await download(`${app.url}/api/admin/export/${kind}`, asAdmin);
      rows.set(`admin: CSV export of all ${kind} (one download)`, { download: d });
    }
    peak = peakRssMb(app);
    await stopApp(app);
    app = null;
    // The integrity check of the whole database, as the hourly job runs it (no server running).
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/scale-integrity.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.server.json', DATABASE_URL: pg.url, LOG_LEVEL: 'fatal' },
    });
    rows.set('integrity check of the whole database (once)', { integrity: JSON.parse(out.trim().split('\n').at(-1)) });
    orders = await orderCount(pg.url);
  } finally {
    if (app) {
      peak = peakRssMb(app);
      await stopApp(app);
    }
    await pg.stop();
  }
  return { rows, peak, orders };
}

export async function run({ duration }) {
  const empty = await measureOn({ duration, scaled: false });
  const scaled = await measureOn({ duration, scaled: true });
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? (a / b).toFixed(2) : 'n/a');
  const lines = [
    `| page or report | empty: req/s | p50 ms | p99 ms | scaled: req/s | p50 ms | p99 ms | p99 scaled ÷ empty | p99 ≤ 200 ms at scale |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const [name, e] of empty.rows) {
    const s = scaled.rows.get(name) ?? { skipped: 'not measured' };
    if (e.download || s.download) {
      const cell = (d) => (d ? `headers ${fmt(d.head, 0)} ms, first byte ${fmt(d.first, 0)} ms, whole ${fmt(d.total, 0)} ms (${fmt(d.bytes / 1024 / 1024, 1)} MB, ${d.encoding}, HTTP ${d.status})` : 'n/a');
      lines.push(`| ${name} | ${cell(e.download)} | | | ${cell(s.download)} | | | ${ratio(s.download?.head, e.download?.head)} (headers) | ${s.download?.head <= 200 ? 'headers met (streams)' : 'headers not met'} |`);
      continue;
    }
    if (e.integrity || s.integrity) {
      const cell = (i) => (i ? `${fmt(i.ms / 1000, 1)} s (${i.checked?.orders ?? '?'} orders, ${i.discrepancies} discrepancies)` : 'n/a');
      lines.push(`| ${name} | ${cell(e.integrity)} | | | ${cell(s.integrity)} | | | ${ratio(s.integrity?.ms, e.integrity?.ms)} | ${s.integrity?.ms <= 60_000 ? 'goal ≤ 60 s met' : 'goal ≤ 60 s not met'} |`);
      continue;
    }
    const cells = (r) => (r.skipped ? [`skipped (${r.skipped})`, '', ''] : [`${fmt(r.rps)}${r.errors ? ` (${r.errors} errors)` : ''}`, fmt(r.p50, 1), fmt(r.p99, 1)]);
    lines.push(`| ${name} | ${cells(e).join(' | ')} | ${cells(s).join(' | ')} | ${ratio(s.p99, e.p99)} | ${s.skipped ? '' : s.p99 <= 200 ? 'met' : 'not met'} |`);
  }
  return {
    title: `Pages and reports, empty and scaled database (${CONNECTIONS} connections, ${duration} s each)`,
    lines,
    notes:
      `The scaled database is a fresh copy of the scale fixture (${scaled.orders.toLocaleString('en-US')} orders; bench/scale.mjs); the customer is one of its busy resellers (thousands of orders), on the empty database a new customer with 20 orders. ` +
      `Pages are rendered for their reader (a second cookie passes the page cache); the API reads are what the pages ask for. The CSV exports are fetched once each, whole, unfiltered. ` +
      `The integrity check runs once in a process of its own (bench/scale-integrity.ts) with the server stopped; its processor look-ups are left out. Server peak RSS: ${fmt(empty.peak)} MB empty, ${fmt(scaled.peak)} MB scaled.`,
  };
}
