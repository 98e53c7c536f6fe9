// What a node does while PostgreSQL is away (docs/scaling.md, docs/decisions.md): sends at a
// steady rate against the built server on a throwaway PostgreSQL cluster of its own, which it
// stops for OUTAGE_MS (0: a fast restart) and starts again. Prints the answers before, during and
// after, how long the requests sent during the outage took, how soon sends are taken again, and
// checks that every 200 has its order and every order its 200. Not part of `npm run bench`:
//   node bench/outage.mjs            (OUTAGE_MS=35000 SEND_RATE=50 by default)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { freePort, root, startApp, stopApp, tempDir } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, percentile } from './postgres.mjs';

const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 35_000);
const RATE = Number(process.env.SEND_RATE ?? 50);
const BEFORE_MS = 3000;
const AFTER_MS = 15_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = tempDir('etk-outage-pg-');
fs.rmSync(dir, { recursive: true });
const base = execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['start', dir], { encoding: 'utf8' }).trim();
const port = new URL(base).port;
const bin = fs.readdirSync('/usr/lib/postgresql').sort().map((v) => `/usr/lib/postgresql/${v}/bin`).pop();
const pgCtl = (...args) => {
  const cmd = [`${bin}/pg_ctl`, '-D', `${dir}/data`, ...args];
  execFileSync(process.getuid?.() === 0 ? 'runuser' : cmd[0], process.getuid?.() === 0 ? ['-u', 'postgres', '--', ...cmd] : cmd.slice(1), { stdio: 'ignore' });
};
let app;
try {
  app = await startApp({ port: await freePort(), databaseUrl: base, env: { SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, LOG_LEVEL: 'warn' } });
  const { customers, profileIds } = await makeCustomers(app.url, 10);
  const ids = profileIds.slice(0, 3);
  const results = [];
  const t0 = Date.now();
  let n = 0;
  let sending = true;
  const pending = new Set();
  const sender = (async () => {
    while (sending) {
      const i = n++;
      const sentAt = Date.now() - t0;
      const p = api(`${app.url}/api/twitter/like`, { token: customers[i % customers.length].token, body: { profile_ids: ids, tweet_url: `https://x.com/b/status/${1790000000000000000n + BigInt(i)}` } }).then(
        (r) => results.push({ i, sentAt, status: r.status, code: r.body.code, doneAt: Date.now() - t0 }),
        (e) => results.push({ i, sentAt, status: 'network error', code: String(e.cause?.code ?? e), doneAt: Date.now() - t0 }),
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
      await sleep(1000 / RATE);
    }
  })();
  // Pages too, twice a second each: a visitor's service page (the page cache may answer it) and a
  // page the cache never answers (another cookie, as a signed-in customer's request is).
  const pages = [];
  const pager = (async () => {
    while (sending) {
      for (const [kind, headers] of [['visitor', {}], ['not cacheable', { cookie: 'probe=1' }]]) {
        const sentAt = Date.now() - t0;
        const p = fetch(`${app.url}/service/retweet`, { headers: { accept: 'text/html', ...headers } }).then(
          async (res) => pages.push({ kind, sentAt, status: `${res.status}${res.headers.get('x-etk-page-cache') === 'stale' ? ' (kept render)' : ''}`, doneAt: Date.now() - t0, bytes: (await res.arrayBuffer()).byteLength }),
          (e) => pages.push({ kind, sentAt, status: `network error ${e.cause?.code ?? e}`, doneAt: Date.now() - t0 }),
        );
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      await sleep(500);
    }
  })();
  await sleep(BEFORE_MS);
  const downAt = Date.now() - t0;
  if (OUTAGE_MS > 0) {
    pgCtl('-m', 'fast', '-w', 'stop');
    await sleep(OUTAGE_MS);
    pgCtl('-w', '-l', `${dir}/server.log`, '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start');
  } else {
    pgCtl('-m', 'fast', '-w', 'restart');
  }
  const backAt = Date.now() - t0;
  await sleep(AFTER_MS);
  sending = false;
  await Promise.all([sender, pager]);
  await Promise.race([Promise.all(pending), sleep(60_000)]);

  const phase = (r) => (r.sentAt < downAt ? 'before' : r.sentAt < backAt ? 'during' : 'after');
  const table = new Map();
  for (const r of results) {
    const k = `${phase(r)}|${r.status}${r.code ? ` ${r.code}` : ''}`;
    table.set(k, (table.get(k) ?? 0) + 1);
  }
  const during = results.filter((r) => phase(r) === 'during');
  const took = (list) => list.map((r) => r.doneAt - r.sentAt).sort((a, b) => a - b);
  const waited = took(during.filter((r) => r.status === 200));
  const refused = took(during.filter((r) => r.status !== 200));
  const firstOk = results.filter((r) => r.status === 200 && r.doneAt >= backAt).sort((a, b) => a.doneAt - b.doneAt)[0];

  const sql = postgres(base, { max: 1, onnotice: () => {} });
  const taken = new Set((await sql`select target_url from orders`).map((r) => Number(BigInt(r.target_url.split('/').pop()) - 1790000000000000000n)));
  await sql.end();
  const answered200 = new Set(results.filter((r) => r.status === 200).map((r) => r.i));
  const orderWithout200 = [...taken].filter((i) => !answered200.has(i)).length;
  const okWithoutOrder = [...answered200].filter((i) => !taken.has(i)).length;

  console.log(`PostgreSQL ${OUTAGE_MS > 0 ? `stopped for ${OUTAGE_MS / 1000} s` : 'restarted (fast)'} under ${RATE} sends/s; node alive: ${app.child.exitCode === null ? 'yes' : 'NO'}`);
  console.log('| sent | answer | count |\n| --- | --- | ---: |');
  for (const [k, v] of [...table].sort()) console.log(`| ${k.split('|')[0]} | ${k.split('|')[1]} | ${v} |`);
  console.log(`sent during the outage, answered 200: ${waited.length}, p50 ${percentile(waited, 50) ?? '-'} ms, max ${waited.at(-1) ?? '-'} ms`);
  console.log(`sent during the outage, refused: ${refused.length}, p50 ${percentile(refused, 50) ?? '-'} ms, max ${refused.at(-1) ?? '-'} ms`);
  console.log(`first send taken after PostgreSQL was back: ${firstOk ? `${firstOk.doneAt - backAt} ms` : 'none'}`);
  console.log(`orders ${taken.size}, answers of 200 ${answered200.size}: ${orderWithout200} orders without a 200, ${okWithoutOrder} 200s without an order`);
  const pageRows = new Map();
  for (const pg of pages) {
    const k = `${phase(pg)}|${pg.kind}|${pg.status}`;
    pageRows.set(k, [...(pageRows.get(k) ?? []), pg.doneAt - pg.sentAt]);
  }
  console.log('\nPages (GET /service/retweet, twice a second each):\n| sent | request | answer | count | p50 ms | max ms |\n| --- | --- | --- | ---: | ---: | ---: |');
  for (const [k, ms] of [...pageRows].sort()) {
    const sorted = ms.sort((a, b) => a - b);
    console.log(`| ${k.split('|').join(' | ')} | ${sorted.length} | ${percentile(sorted, 50)} | ${sorted.at(-1)} |`);
  }
  if (app.child.exitCode !== null || orderWithout200 || okWithoutOrder) process.exitCode = 1;
} finally {
  await stopApp(app);
  execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['stop', dir], { stdio: 'ignore' });
  fs.rmSync(dir, { recursive: true, force: true });
}
