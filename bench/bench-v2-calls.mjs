// The reseller API's everyday calls (issue #35 items 3 and 4): POST /api/v2 `services`, `balance`,
// `status` of one order and `add`, each loaded on its own with autocannon, on a real PostgreSQL
// server, with the server's CPU per request (the app's process and PostgreSQL's, read from /proc
// before and after each run), the way the issue compared the protocol with a PHP panel.
//
// The measuring part is `measureV2Calls({ databaseUrl, duration, connections })`: it starts the
// app on any database (a fresh one here; the million-order scale database of bench/scale.mjs at
// merge), makes its own resellers, keys and orders through the app's API, measures and stops the
// app. `run()` is what bench/run.mjs calls: the same on a fresh throwaway database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import postgres from 'postgres';
import { freePort, load, peakRssMb, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, startPostgres, v2 } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const HEADERS = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' };
/** The PHP panel's figures from the issue (req/s, CPU ms per request), for the table's last columns. */
const PHP = { services: [375, 3.69], balance: [374, 3.45], 'status, 1 order': [348, 3.58], add: [360, 3.89] };

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime, stime, cutime, cstime of a process in clock ticks, or null when it cannot be read. */
function procTimes(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces) in parentheses.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17; ppid is field 4.
    return { ppid: Number(f[1]), utime: Number(f[11]), stime: Number(f[12]), cutime: Number(f[13]), cstime: Number(f[14]) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by a PostgreSQL server: its postmaster's own and its ended children's
 * (cutime, cstime), plus every live child's (the backends, the checkpointer, …). NaN when the
 * server is not a process of this machine we can read.
 */
function postgresCpuSeconds(postmaster) {
  if (!postmaster) return NaN;
  const main = procTimes(postmaster);
  if (!main) return NaN;
  let ticks = main.utime + main.stime + main.cutime + main.cstime;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = procTimes(entry);
    if (t && t.ppid === postmaster) ticks += t.utime + t.stime;
  }
  return ticks / ticksPerSecond();
}

function appCpuSeconds(pid) {
  const t = procTimes(pid);
  return t ? (t.utime + t.stime) / ticksPerSecond() : NaN;
}

/** The postmaster of the server behind `databaseUrl` when it runs on this machine: the parent of our backend. */
async function findPostmaster(databaseUrl) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ pid }] = await sql`select pg_backend_pid() as pid`;
    const t = procTimes(pid);
    return t && procTimes(t.ppid) ? t.ppid : undefined;
  } catch {
    return undefined;
  } finally {
    await sql.end();
  }
}

/**
 * Measures `services`, `balance`, `status` (one order) and `add` on the database at `databaseUrl`:
 * starts the built server on it (WORKER=0: orders stay pending, the node only answers), makes
 * `resellers` customers with a Twitter package (daily limit 1,000,000, 10 profiles, cooldown 0)
 * and `keysPerReseller` API keys each, places one order per reseller, then loads each call for
 * `duration` seconds with `connections` connections, round-robin over the keys (each `add` on a
 * tweet of its own, so none is refused ALREADY_DONE). A refusal is HTTP 200 with a `code` (the
 * protocol's rule), so every answer's body is read and its refusals counted by code. Returns one
 * row per call: req/s, p50/p99 ms, non-2xx and network errors, refusals, and the CPU milliseconds
 * per answered request of the app's process and of PostgreSQL (NaN when PostgreSQL is not a
 * process of this machine). `calls`: the names of the calls to measure (default all), e.g.
 * `['add']` for a CPU profile of one (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…").
 */
export async function measureV2Calls({ databaseUrl, duration = 15, connections = 20, resellers = 10, keysPerReseller = 2, quantity = 3, admin = BENCH_ADMIN, env = {}, calls: only }) {
  const postmaster = await findPostmaster(databaseUrl);
  const notes = [];
  const rows = [];
  let app;
  let peak = NaN;
  try {
    app = await startApp({
      port: await freePort(),
      databaseUrl,
      env: { WORKER: '0', SEED_DEMO: '0', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env },
    });
    const { customers } = await makeCustomers(app.url, resellers);
    const keys = [];
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      for (const customer of customers) {
        for (let k = 0; k < keysPerReseller; k++) {
          const made = await api(`${app.url}/api/api-keys`, { token: customer.token, body: { name: `bench calls ${k}`, currentPassword: customer.password } });
          if (made.status !== 201 || !made.body.key) throw new Error(`API key: ${made.status} ${JSON.stringify(made.body).slice(0, 300)}`);
          // As bench-v2.mjs: the key's limit of 120 requests a minute is lifted by starting its
          // bucket at −2,000,000,000 hits for a day; every request still runs the limiter's upsert.
          await sql`insert into rate_limit_buckets (key, count, reset_at) values (${`apikey:req:${made.body.api_key.id}`}, -2000000000, now() + interval '1 day')
            on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`;
          keys.push({ key: made.body.key, customer });
        }
      }
    } finally {
      await sql.end();
    }
    // Distinct tweets for every add of this run (a fresh base per measurement, so a second
    // measurement on the same database is not refused ALREADY_DONE either).
    let tweet = 1790000000000000000n + BigInt(Date.now()) * 1000n;
    const link = () => `https://x.com/bench/status/${tweet++}`;
    // One order per reseller, for `status`.
    const orderOf = new Map();
    for (const customer of customers) {
      const { key } = keys.find((k) => k.customer === customer);
      const res = await v2(app.url, { key, action: 'add', service: 'like', link: link(), quantity: String(quantity) });
      if (res.status !== 200 || !res.body.order) throw new Error(`first add: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      orderOf.set(customer, res.body.order);
    }

    const calls = [
      ['services', () => ({ action: 'services' })],
      ['balance', () => ({ action: 'balance' })],
      ['status, 1 order', (k) => ({ action: 'status', order: String(orderOf.get(k.customer)) })],
      ['add', () => ({ action: 'add', service: 'like', link: link(), quantity: String(quantity) })],
    ];
    const url = `${app.url}/api/v2`;
    for (const [name, fieldsOf] of calls.filter(([name]) => !only || only.includes(name))) {
      // The answer must be a success before the load, or the row says why not.
      const probe = await v2(app.url, { key: keys[0].key, ...fieldsOf(keys[0]) });
      if (probe.status !== 200 || probe.body.code) {
        rows.push({ name, skipped: `${probe.status} ${JSON.stringify(probe.body).slice(0, 200)}` });
        continue;
      }
      const answerBytes = Buffer.byteLength(JSON.stringify(probe.body));
      const refusals = {};
      let turn = 0;
      const requests = [
        {
          method: 'POST',
          headers: HEADERS,
          setupRequest: (req) => {
            const k = keys[turn++ % keys.length];
            return { ...req, body: new URLSearchParams({ key: k.key, ...fieldsOf(k) }).toString() };
          },
          onResponse: (status, body) => {
            if (status === 200 && body.startsWith('{"error"')) {
              const code = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? 'unknown';
              refusals[code] = (refusals[code] ?? 0) + 1;
            }
          },
        },
      ];
      await load(url, { duration: 1, connections, requests }); // warm-up
      for (const k of Object.keys(refusals)) delete refusals[k];
      const app0 = appCpuSeconds(app.child.pid);
      const db0 = postgresCpuSeconds(postmaster);
      const result = await load(url, { duration, connections, requests });
      const app1 = appCpuSeconds(app.child.pid);
      const db1 = postgresCpuSeconds(postmaster);
      const per = (a, b) => (result.total > 0 ? ((b - a) * 1000) / result.total : NaN);
      rows.push({ name, ...result, answerBytes, refusals, appMs: per(app0, app1), dbMs: per(db0, db1) });
    }
  } finally {
    if (app) peak = peakRssMb(app);
    await stopApp(app);
  }
  if (!postmaster) notes.push('PostgreSQL is not a process of this machine: its CPU is not counted.');
  return { rows, peakRssMb: peak, postgresCounted: !!postmaster, notes };
}

/** The measurement as a Markdown table (bench/RESULTS.md's shape), with the PHP panel's figures beside. */
export function v2CallsTable(rows) {
  const lines = [
    '| call | req/s | p50 ms | p99 ms | errors | refusals | CPU ms/request: app + PostgreSQL = total | PHP panel req/s | ratio | PHP CPU ms/request |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const [phpRps, phpCpu] = PHP[r.name] ?? [NaN, NaN];
    if (r.skipped) {
      lines.push(`| ${r.name} | skipped (${r.skipped}) | | | | | | ${fmt(phpRps)} | | ${fmt(phpCpu, 2)} |`);
      continue;
    }
    const refused = Object.entries(r.refusals);
    const refusals = refused.length ? refused.map(([c, n]) => `${c}: ${n}`).join(', ') : '0';
    lines.push(
      `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} | ${refusals} | ${fmt(r.appMs, 2)} + ${fmt(r.dbMs, 2)} = ${fmt(r.appMs + r.dbMs, 2)} | ${fmt(phpRps)} | ${fmt(r.rps / phpRps, 2)}× | ${fmt(phpCpu, 2)} |`,
    );
  }
  return lines;
}

export async function run({ duration, connections }) {
  const title = `Reseller API calls on PostgreSQL: services, balance, status of one order, add (${connections} connections, ${duration} s each)`;
  const pg = await startPostgres();
  let measured;
  try {
    measured = await measureV2Calls({ databaseUrl: pg.url, duration, connections });
  } finally {
    await pg.stop();
  }
  const lines = [...v2CallsTable(measured.rows), '', `Server peak RSS: ${fmt(measured.peakRssMb)} MB.`];
  const notes = [
    'Form-encoded POST /api/v2 as a reseller script sends it, one call at a time, each loaded for the whole run after a 1 s warm-up, round-robin over 20 keys of 10 resellers (each with a Twitter package: daily limit 1,000,000, 10 profiles, cooldown 0).',
    '`status` asks for one order of the key’s reseller; `add` is `like` with quantity 3 (the server picks the profiles) on a tweet of its own each time, so none is refused ALREADY_DONE; the node runs with WORKER=0, so the orders stay pending.',
    'A protocol refusal is HTTP 200 with `code`: each answer is read and refusals are counted by code (errors: non-2xx, timeouts and network errors).',
    'CPU per request: the app’s process (utime + stime in /proc/<pid>/stat) and PostgreSQL’s (its postmaster’s own and ended children’s times plus every live child’s) before and after the run, divided by the answers; the PHP panel’s figures are the issue’s (CodeIgniter 3, php-fpm 2 workers, MariaDB, on the customer’s machine).',
    'The per-key limit (120 requests a minute) is lifted for the bench’s keys in the throwaway database as in bench-v2.mjs; autocannon runs on the same machine.',
    ...measured.notes,
  ];
  return { title, lines, notes: notes.join(' ') };
}
