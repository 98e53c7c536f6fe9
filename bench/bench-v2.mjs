// The reseller API (issue #19): POST /api/v2 `status` of 100 orders in one request (the protocol's
// `orders=` list form) on a real PostgreSQL server. One customer with a package makes an API key
// as a customer does (POST /api/api-keys with their password), places 100 orders through the API
// itself (`add`, distinct links), and the status request is then loaded with autocannon.
import postgres from 'postgres';
import { freePort, load, peakRssMb, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, startPostgres } from './postgres.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const ORDERS = 100;
const GOAL_RPS = 500;

async function v2(url, fields) {
  const res = await fetch(`${url}/api/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: res.status, body };
}

export async function run({ duration, connections }) {
  const title = `Reseller API on PostgreSQL: POST /api/v2 status of ${ORDERS} orders in one request (${connections} connections, ${duration} s)`;
  const pg = await startPostgres();
  let app;
  let peak = NaN;
  const notes = [];
  let row;
  const measure = async () => {
    // WORKER=0 as in bench-sends: the orders stay Pending, so every status answer is the same size.
    app = await startApp({
      port: await freePort(),
      databaseUrl: pg.url,
      env: { WORKER: '0', SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    });
    const { customers } = await makeCustomers(app.url, 1);
    const customer = customers[0];

    // The key, made the way a customer makes it (Panel › Settings › API access).
    const made = await api(`${app.url}/api/api-keys`, { token: customer.token, body: { name: 'bench', currentPassword: customer.password } });
    if (made.status !== 201 || !made.body.key) throw new Error(`API key: ${made.status} ${JSON.stringify(made.body).slice(0, 300)}`);
    const key = made.body.key;
    const keyId = made.body.api_key.id;

    // Each key has 120 requests a minute (API_KEY_REQUESTS_PER_MINUTE in lib/api-keys/rules.ts, a
    // constant: no environment variable or setting changes it). So that the limit is not what is
    // measured, this key's bucket in the throwaway database starts at −2,000,000,000 hits in a
    // window of a day: every request still pays for the limiter's upsert, none is refused.
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into rate_limit_buckets (key, count, reset_at) values (${`apikey:req:${keyId}`}, -2000000000, now() + interval '1 day')
        on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`;
    } finally {
      await sql.end();
    }
    notes.push(
      `The per-key limit of 120 requests a minute (a constant in lib/api-keys/rules.ts, not configurable) is lifted for the bench's key by starting its rate_limit_buckets row at −2,000,000,000 in the throwaway database; every request still runs the limiter's upsert.`,
    );

    // 100 orders through the API itself: `like` on distinct tweets, 3 profiles each picked by the server.
    const ids = [];
    const refusals = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < ORDERS) {
          const i = next++;
          const res = await v2(app.url, {
            key,
            action: 'add',
            service: 'like',
            link: `https://x.com/bench/status/${1790000000000000000n + BigInt(i)}`,
            quantity: '3',
            request_id: `bench-v2-${i}`,
          });
          if (res.status === 200 && res.body.order) ids.push(res.body.order);
          else refusals[`${res.status} ${res.body.code ?? ''}`.trim()] = (refusals[`${res.status} ${res.body.code ?? ''}`.trim()] ?? 0) + 1;
        }
      }),
    );
    if (ids.length < ORDERS) {
      row = { skipped: `only ${ids.length} of ${ORDERS} orders placed (${Object.entries(refusals).map(([s, n]) => `${s}: ${n}`).join(', ')})` };
      return;
    }

    const body = new URLSearchParams({ key, action: 'status', orders: ids.join(',') }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' };
    const probe = await v2(app.url, { key, action: 'status', orders: ids.join(',') });
    const statuses = probe.status === 200 ? Object.values(probe.body).filter((v) => v && typeof v === 'object' && typeof v.status === 'string').length : 0;
    if (statuses !== ORDERS) {
      row = { skipped: `the check answered ${probe.status} with ${statuses} statuses, not ${ORDERS}: ${JSON.stringify(probe.body).slice(0, 200)}` };
      return;
    }
    const answerBytes = Buffer.byteLength(JSON.stringify(probe.body));
    const url = `${app.url}/api/v2`;
    await load(url, { duration: 1, connections, method: 'POST', headers, body }); // warm-up
    row = { ...(await load(url, { duration, connections, method: 'POST', headers, body })), answerBytes, requestBytes: Buffer.byteLength(body) };
    // A refused request counts as an error above; make sure none was the rate limit.
    const after = await v2(app.url, { key, action: 'balance' });
    if (after.status !== 200) notes.push(`After the run the key answered ${after.status} ${after.body.code ?? ''}.`);
  };
  try {
    await measure();
  } finally {
    if (app) peak = peakRssMb(app);
    await stopApp(app);
    await pg.stop();
  }
  return report();

  function report() {
    const lines = ['| request | req/s | p50 ms | p99 ms | errors | goal ≥ 500 req/s | server peak RSS MB |', '| --- | ---: | ---: | ---: | ---: | --- | ---: |'];
    const name = `status, ${ORDERS} order ids (orders=…)`;
    if (!row || row.skipped) lines.push(`| ${name} | skipped (${row?.skipped ?? 'no result'}) | | | | | ${fmt(peak)} |`);
    else
      lines.push(`| ${name} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ${row.errors} | ${row.rps >= GOAL_RPS ? 'met' : 'not met'} | ${fmt(peak)} |`);
    notes.unshift(
      `A form-encoded POST /api/v2 {key, action=status, orders=<${ORDERS} ids>} as a reseller script sends it` +
        (row && !row.skipped ? ` (${fmt(row.requestBytes / 1024, 1)} KB), answered with the ${ORDERS} statuses (${fmt(row.answerBytes / 1024, 1)} KB of JSON, not compressed: autocannon sends no Accept-Encoding)` : '') +
        `; the ${ORDERS} orders (like, 3 profiles each, distinct tweets) were placed through \`add\` with the same key, and stay Pending (WORKER=0). ` +
        `Each request looks the key up, counts it against the key's limit, reads the orders and their profiles' names. ` +
        `autocannon runs on the same machine as the server and PostgreSQL (1 s warm-up first). Peak RSS is the server's VmHWM at the end.`,
    );
    return { title, lines, notes: notes.join(' ') };
  }
}
