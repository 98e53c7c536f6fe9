#!/usr/bin/env node
// `npm run bench`: measures the built app on loopback and writes bench/RESULTS.md.
// Every run is bounded in time; ratios against baselines measured in the same run are reported
// because absolute figures drift on shared machines. BENCH_DURATION (s) sets each load run.
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, load, loginCookie, peakRssMb, root, startApp, stopApp, tempDir } from './lib.mjs';
import { prepareScaleTemplate, scaleSize, startCluster } from './scale.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const sections = [];
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

function ensureBuild() {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function httpThroughput() {
  const port = await freePort();
  const app = await startApp({ port });
  const plainPort = await freePort();
  const plain = fork(path.join(root, 'bench/plain-node.mjs'), [String(plainPort)], { stdio: 'ignore' });
  await new Promise((r) => plain.once('message', r));
  // A visitor's page comes from the few-seconds page cache (server/page-cache.ts) unless they send
  // a cookie other than the language's; a signed-in customer gets the app shell from it, and the
  // page then asks GET /api/users/me/viewer for the account's parts: a page view is both requests.
  const cookie = await loginCookie(app.url, { email: 'bench-page@example.com', password: 'bench-page-pass-1', name: 'Bench Page' });
  const targets = [
    ['plain Node http (same JSON)', `http://127.0.0.1:${plainPort}/`],
    ['bare Next.js route handler', `${app.url}/api/bench-bare`],
    ['GET /api/platformlar', `${app.url}/api/platformlar`],
    ['GET /api/twitter/profiles', `${app.url}/api/twitter/profiles`],
    ['bare dynamic page (SSR)', `${app.url}/bench-bare`],
    ['SSR /service/retweet, visitor (page cache)', `${app.url}/service/retweet`],
    // A visitor from an ad or a newsletter: the link's campaign tags are read by no page, so the kept render answers.
    ['SSR /service/retweet?utm_source=…&gclid=…, visitor (page cache)', `${app.url}/service/retweet?utm_source=newsletter&utm_medium=email&gclid=Cj0KCQiA`],
    // No public page but /login reads its query: any other query string gets the kept render too.
    ['SSR /service/retweet?r=1, visitor (page cache: the page reads no query)', `${app.url}/service/retweet?r=1`],
    // The same page rendered for a visitor: a cookie other than the language's bypasses the cache.
    ['SSR /service/retweet, visitor with another cookie, rendered', `${app.url}/service/retweet`, { cookie: 'bench=1' }],
    ['SSR /service/retweet, logged in: the app shell (page cache)', `${app.url}/service/retweet`, cookie ? { cookie } : null],
    ['GET /api/users/me/viewer?service=retweet, logged in', `${app.url}/api/users/me/viewer?service=retweet`, cookie ? { cookie } : null],
    // Each connection asks for the document, then the viewer, then the document …: req/s ÷ 2 page views.
    [
      'SSR /service/retweet, logged in: page views (shell + viewer, 2 requests each)',
      `${app.url}/service/retweet`,
      cookie ? { cookie } : null,
      [{ path: '/service/retweet' }, { path: '/api/users/me/viewer?service=retweet' }],
    ],
    // What rendering the page for its customer costs (as before the app shell; a client-side
    // navigation still renders it): another cookie besides the session bypasses the cache.
    ['SSR /service/retweet, logged in with another cookie, rendered', `${app.url}/service/retweet`, cookie ? { cookie: `${cookie}; bench=1` } : null],
  ];
  const rows = [];
  let peak = NaN;
  try {
    for (const [name, url, headers, requests] of targets) {
      if (headers === null) {
        rows.push({ name, skipped: 'could not log in' });
        continue;
      }
      const probe = await fetch(url, { headers }).catch(() => null);
      if (!probe || probe.status !== 200) {
        rows.push({ name, skipped: `answers ${probe?.status ?? 'nothing'}` });
        continue;
      }
      await load(url, { duration: 1, connections, headers, requests }); // warm-up
      const result = await load(url, { duration, connections, headers, requests });
      // A page view of several requests: the views a second (latencies stay per request).
      rows.push({ name, ...result, rps: result.rps / (requests?.length ?? 1) });
    }
  } finally {
    plain.kill();
    peak = peakRssMb(app);
    await stopApp(app);
  }
  const base = (n) => rows.find((r) => r.name === n)?.rps;
  const plainRps = base('plain Node http (same JSON)');
  const bareApi = base('bare Next.js route handler');
  const barePage = base('bare dynamic page (SSR)');
  const lines = [
    `| target | req/s | p50 ms | p99 ms | errors | vs plain Node | vs bare Next |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
  ];
  for (const r of rows) {
    if (r.skipped) {
      lines.push(`| ${r.name} | skipped (${r.skipped}) | | | | | |`);
      continue;
    }
    const bare = r.name.includes('page') || r.name.startsWith('SSR') ? barePage : bareApi;
    lines.push(
      `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} | ${fmt(r.rps / plainRps, 2)} | ${r.name.startsWith('plain') ? '' : fmt(r.rps / bare, 2)} |`,
    );
  }
  sections.push({
    title: `HTTP throughput (${connections} connections, ${duration} s each, embedded database)`,
    lines,
    notes: `Server peak RSS (VmHWM in /proc/<pid>/status, after all the targets above): ${fmt(peak)} MB.`,
  });
}

async function coldStart() {
  // Three starts as production makes them, then three without the code cache (server/code-cache.ts)
  // for comparison; the server's "server ready" line says how much code came from the cache.
  const measure = async (env) => {
    const runs = [];
    const peaks = [];
    let cache = null;
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const app = await startApp({ port, dataDir: tempDir('etk-bench-cold-'), readyPath: '/service/retweet', env: { LOG_LEVEL: 'info', ...env } });
      runs.push(app.readyMs);
      peaks.push(peakRssMb(app));
      const ready = app
        .output()
        .split('\n')
        .find((l) => l.includes('"server ready"'));
      if (ready) cache = JSON.parse(ready).codeCache ?? null;
      await stopApp(app);
    }
    runs.sort((a, b) => a - b);
    peaks.sort((a, b) => a - b);
    return { runs, peak: peaks[1], cache };
  };
  const on = await measure({});
  const off = await measure({ CODE_CACHE: '0' });
  const row = (name, m) => `| ${name} | ${fmt(m.runs[0])} | ${fmt(m.runs[1])} | ${fmt(m.runs[2])} | ${fmt(m.peak)} |`;
  sections.push({
    title: 'Cold start (process start → first served /service/retweet, fresh data folder, 3 runs each)',
    lines: ['| start | min ms | median ms | max ms | server peak RSS MB (median) |', '| --- | ---: | ---: | ---: | ---: |', row('as built (code cache)', on), row('without the code cache (CODE_CACHE=0)', off)],
    notes:
      "Peak RSS is the server's VmHWM (/proc/<pid>/status) right after the first page was served." +
      (on.cache ? ` Code cache at the "server ready" line: ${on.cache.hits} files compiled from cached bytecode, ${on.cache.misses} from source, ${on.cache.skipped} left to Node (ES modules, dynamic import).` : ''),
  });
}

async function lighthouseAudits() {
  // The issue's Lighthouse goal in the same run: five audits each of the signed-in /service/retweet
  // and /panel with the CI page budgets' settings (scripts/lighthouse.mjs), every score reported.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-bench-lh-'));
  const out = path.join(dir, 'scores.json');
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/lighthouse.mjs'), '/service/retweet', '/panel'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LIGHTHOUSE_AUDITS: '5', LIGHTHOUSE_JSON: out },
  });
  const { budget, scores } = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : { budget: null, scores: {} };
  fs.rmSync(dir, { recursive: true, force: true });
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  sections.push({
    title: 'Lighthouse mobile performance, signed in (5 audits each, the page budgets\' settings)',
    lines: [
      '| page | audits | median | best | audits ≥ 97 |',
      '| --- | --- | ---: | ---: | ---: |',
      ...Object.entries(scores).map(([page, list]) => `| ${page} | ${list.join(', ')} | ${median(list)} | ${Math.max(...list)} | ${list.filter((n) => n >= 97).length} of ${list.length} |`),
    ],
    notes:
      (Object.keys(scores).length ? '' : `No scores: scripts/lighthouse.mjs ended with code ${run.status} before writing them. `) +
      `Simulated slow phone (Lighthouse's default mobile throttling), traces taken on this machine; the CI budget (${budget ?? 'n/a'}) counts the best of up to five audits.`,
  });
}

const extra = [];
for (const file of fs.readdirSync(path.join(root, 'bench')).filter((f) => /^bench-.*\.mjs$/.test(f)).sort()) {
  extra.push(path.join(root, 'bench', file));
}

/** One benchmark module in a fresh process (bench/run-one.mjs): its load generator starts clean. */
function runAlone(file) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'bench/run-one.mjs'), [file, String(duration), String(connections)], { stdio: 'inherit' });
    let section = null;
    child.on('message', (m) => (section = m.section));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(section) : reject(new Error(`${path.basename(file)} ended with code ${code}`))));
  });
}

// BENCH_ONLY=sends,v2,pages: only those bench-*.mjs modules (and the scale fixture), none of the
// HTTP, cold start and Lighthouse measurements: a quick run of the PostgreSQL benchmarks.
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : null;
if (only) extra.splice(0, extra.length, ...extra.filter((f) => only.includes(path.basename(f).replace(/^bench-|\.mjs$/g, ''))));
ensureBuild();
if (!only) {
  await httpThroughput();
  await coldStart();
}
// The scale fixture (issue #35), built once: one PostgreSQL cluster for every benchmark of the run
// (BENCH_DATABASE_URL, else a throwaway one) and the fixture's template in it (BENCH_SCALE_TEMPLATE);
// each benchmark process copies it (bench/scale.mjs scaledDatabase) for its scaled half.
const cluster = startCluster();
try {
  process.env.BENCH_DATABASE_URL = cluster.base;
  if (!cluster.external) process.env.BENCH_PG_THROWAWAY = '1';
  const template = await prepareScaleTemplate(cluster.base);
  process.env.BENCH_SCALE_TEMPLATE = template.name;
  const size = scaleSize();
  sections.push({
    title: 'The scale fixture (bench/scale.mjs)',
    lines: [
      '| part | seconds |',
      '| --- | ---: |',
      ...template.timings.map(([name, s]) => `| ${name} | ${fmt(s, 1)} |`),
      `| **whole template (migrate, seed, load, analyze)** | **${fmt(template.seconds, 0)}** |`,
    ],
    notes: `${size.orders.toLocaleString('en-US')} orders over 365 days with their per-profile results, ${size.customers.toLocaleString('en-US')} customers (a top-up and its ledger row each; the new tweets' charges), ${size.packages.toLocaleString('en-US')} packages, ${size.profilesPerPlatform} profiles per platform, ${size.notifications.toLocaleString('en-US')} notifications, ${size.tickets.toLocaleString('en-US')} tickets: ${template.size} on disk. Built once per run as a template database; each benchmark's scaled half runs on a fresh copy (CREATE DATABASE … TEMPLATE).`,
  });
  for (const file of extra) {
    const section = await runAlone(file);
    if (section) sections.push(section);
  }
} finally {
  cluster.stop();
}
if (!only) await lighthouseAudits();

const machine = `${(await import('node:os')).cpus().length} cores, Node ${process.version}`;
const md = [
  '# Benchmark results',
  '',
  `Measured by \`npm run bench\`${only ? ` (BENCH_ONLY=${only.join(',')})` : ''} on ${new Date().toISOString().slice(0, 10)} (${machine}), loopback only.`,
  'Absolute figures drift between runs on a shared machine; the ratios are measured in the same run.',
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', ...s.lines, '', ...(s.notes ? [s.notes, ''] : [])]),
].join('\n');
fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), md);
console.log(`\n${md}`);
