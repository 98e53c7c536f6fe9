// The reseller API (issue #19): POST /api/v2 `status` of 100 orders in one request (the protocol's
// `orders=` list form) on a real PostgreSQL server. Four customers with a package each make five
// API keys as a customer does (POST /api/api-keys with their password) and place 100 orders
// through the API itself (`add`, distinct links); the status request of each key is then loaded
// with autocannon, round-robin over the keys.
import postgres from 'postgres';
import { freePort, load, peakRssMb, startApp, stopApp } from './lib.mjs';
import { BENCH_ADMIN, api, makeCustomers, orderCount, percentile, startPostgres, v2 } from './postgres.mjs';
import { addScaleProfiles, scaleSize } from './scale.mjs';

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const ORDERS = 100;
// Resellers (customers) and keys each: MAX_API_KEYS in lib/domain/api-keys/rules.ts is 5.
const RESELLERS = 4;
const KEYS_PER_RESELLER = 5;
const GOAL_RPS = 500;

/** On an empty database and on a copy of the scale fixture (bench/scale.mjs), side by side (issue #35). */
export async function run({ duration, connections }) {
  const empty = await runOn({ duration, connections, scaled: false });
  const scaled = await runOn({ duration, connections, scaled: true });
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? (a / b).toFixed(2) : 'n/a');
  const line = (name, m) =>
    !m.row || m.row.skipped
      ? `| ${name} | skipped (${m.row?.skipped ?? 'no result'}) | | | | | ${fmt(m.peak)} |`
      : `| ${name} | ${fmt(m.row.rps)} | ${fmt(m.row.p50, 1)} | ${fmt(m.row.p99, 1)} | ${m.row.errors} | ${m.row.rps >= GOAL_RPS ? 'met' : 'not met'} | ${fmt(m.peak)} |`;
  return {
    title: `${empty.title}, empty and scaled database`,
    lines: [
      `| database | req/s | p50 ms | p99 ms | errors | goal ≥ ${GOAL_RPS} req/s | server peak RSS MB |`,
      '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
      line('empty', empty),
      line(`scaled (${scaled.orders.toLocaleString('en-US')} orders)`, scaled),
      `| scaled ÷ empty | ${ratio(scaled.row?.rps, empty.row?.rps)} | ${ratio(scaled.row?.p50, empty.row?.p50)} | ${ratio(scaled.row?.p99, empty.row?.p99)} | | | |`,
      '',
      `\`add\` (like, 3 profiles picked by the server) while placing the ${ORDERS} orders of each reseller (4 at a time per reseller, ${RESELLERS} resellers):`,
      '',
      '| database | adds/s | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      `| empty | ${fmt(empty.adds?.rps)} | ${fmt(empty.adds?.p50, 1)} | ${fmt(empty.adds?.p99, 1)} |`,
      `| scaled | ${fmt(scaled.adds?.rps)} | ${fmt(scaled.adds?.p50, 1)} | ${fmt(scaled.adds?.p99, 1)} |`,
      `| scaled ÷ empty | ${ratio(scaled.adds?.rps, empty.adds?.rps)} | ${ratio(scaled.adds?.p50, empty.adds?.p50)} | ${ratio(scaled.adds?.p99, empty.adds?.p99)} |`,
    ],
    notes: `${empty.notes} On the scaled database the resellers are the fixture's busy resellers (thousands of orders each; bench/scale.mjs), on a fresh copy of its template. Both databases hold the same roster: the fixture's ${scaleSize().profilesPerPlatform} profiles per platform (bench/scale.mjs addScaleProfiles on the empty one), so the ratio is what the orders add.`,
  };
}

async function runOn({ duration, connections, scaled }) {
  const title = `Reseller API on PostgreSQL: POST /api/v2 status of ${ORDERS} orders in one request (${connections} connections, ${duration} s)`;
  const pg = await startPostgres({ scaled });
  let orders = 0;
  let adds = null;
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
    // Several resellers, each with the most keys a customer may have (MAX_API_KEYS in
    // lib/domain/api-keys/rules.ts): one key may make 120 requests a minute, so 500 a second can only come
    // from hundreds of keys. The requests go round-robin over the keys, so those in flight belong
    // to different keys, as in production; one key lifted to hundreds a second would measure its
    // own limiter row, which every request of that key updates, instead of the status.
    // The same roster on both sides (the fixture's profiles per platform): the pick ranks every
    // profile of the platform, so the comparison holds the roster and measures the orders.
    if (!scaled) await addScaleProfiles(pg.url);
    const { customers } = await makeCustomers(app.url, RESELLERS, { scaled });
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const resellers = [];
    try {
      for (const customer of customers) {
        const keys = [];
        for (let k = 0; k < KEYS_PER_RESELLER; k++) {
          // Made the way a customer makes one (Panel › Settings › API access).
          const made = await api(`${app.url}/api/api-keys`, { token: customer.token, body: { name: `bench ${k}`, currentPassword: customer.password } });
          if (made.status !== 201 || !made.body.key) throw new Error(`API key: ${made.status} ${JSON.stringify(made.body).slice(0, 300)}`);
          keys.push(made.body.key);
          // Each key has 120 requests a minute (API_KEY_REQUESTS_PER_MINUTE, a constant: no
          // environment variable or setting changes it). So that the limit is not what is measured,
          // the key's bucket in the throwaway database starts at −2,000,000,000 hits in a window of
          // a day: every request still pays for the limiter's upsert, none is refused.
          await sql`insert into rate_limit_buckets (key, count, reset_at) values (${`apikey:req:${made.body.api_key.id}`}, -2000000000, now() + interval '1 day')
            on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`;
        }
        resellers.push({ keys, ids: [] });
      }
    } finally {
      await sql.end();
    }
    notes.push(
      `The per-key limit of 120 requests a minute (a constant in lib/domain/api-keys/rules.ts, not configurable) is lifted for the bench's keys by starting their rate_limit_buckets rows at −2,000,000,000 in the throwaway database; every request still runs the limiter's upsert.`,
    );

    // 100 orders per reseller through the API itself: `like` on distinct tweets, 3 profiles each picked by the server.
    const refusals = {};
    let placed = 0;
    const addLatencies = [];
    const addsStarted = performance.now();
    await Promise.all(
      resellers.flatMap((r, n) =>
        Array.from({ length: 4 }, async () => {
          while (r.ids.length + (r.pending ?? 0) < ORDERS) {
            r.pending = (r.pending ?? 0) + 1;
            const i = placed++;
            const t0 = performance.now();
            const res = await v2(app.url, {
              key: r.keys[0],
              action: 'add',
              service: 'like',
              link: `https://x.com/bench/status/${1790000000000000000n + BigInt(n * 1000 + i)}`,
              quantity: '3',
              request_id: `bench-v2-${n}-${i}`,
            });
            r.pending--;
            addLatencies.push(performance.now() - t0);
            if (res.status === 200 && res.body.order) r.ids.push(res.body.order);
            else {
              const what = `${res.status} ${res.body.code ?? ''}`.trim();
              refusals[what] = (refusals[what] ?? 0) + 1;
              if (refusals[what] > 10) return;
            }
          }
        }),
      ),
    );
    addLatencies.sort((a, b) => a - b);
    adds = { rps: addLatencies.length / ((performance.now() - addsStarted) / 1000), p50: percentile(addLatencies, 50), p99: percentile(addLatencies, 99) };
    const short = resellers.find((r) => r.ids.length < ORDERS);
    if (short) {
      row = { skipped: `only ${short.ids.length} of ${ORDERS} orders placed (${Object.entries(refusals).map(([s, n]) => `${s}: ${n}`).join(', ')})` };
      return;
    }

    // One body per key: the key and its reseller's 100 order ids.
    const bodies = resellers.flatMap((r) => r.keys.map((key) => new URLSearchParams({ key, action: 'status', orders: r.ids.join(',') }).toString()));
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' };
    for (const r of resellers) {
      const probe = await v2(app.url, { key: r.keys.at(-1), action: 'status', orders: r.ids.join(',') });
      const statuses = probe.status === 200 ? Object.values(probe.body).filter((v) => v && typeof v === 'object' && typeof v.status === 'string').length : 0;
      if (statuses !== ORDERS) {
        row = { skipped: `the check answered ${probe.status} with ${statuses} statuses, not ${ORDERS}: ${JSON.stringify(probe.body).slice(0, 200)}` };
        return;
      }
      row = { answerBytes: Buffer.byteLength(JSON.stringify(probe.body)) };
    }
    const url = `${app.url}/api/v2`;
    let turn = 0;
    const requests = [{ method: 'POST', headers, setupRequest: (req) => ({ ...req, body: bodies[turn++ % bodies.length] }) }];
    await load(url, { duration: 1, connections, requests }); // warm-up
    row = { ...(await load(url, { duration, connections, requests })), answerBytes: row.answerBytes, requestBytes: Buffer.byteLength(bodies[0]) };
    // A protocol refusal is HTTP 200 with a `code` (issue #33 item 2), which autocannon does not count
    // as an error: make sure the keys were not refused (the rate limit) by the end of the run.
    const after = await v2(app.url, { key: resellers[0].keys[0], action: 'balance' });
    if (after.status !== 200 || after.body.code) notes.push(`After the run the key answered ${after.status} ${after.body.code ?? ''}.`);
  };
  try {
    await measure();
    orders = await orderCount(pg.url);
  } finally {
    if (app) peak = peakRssMb(app);
    await stopApp(app);
    await pg.stop();
  }
  return { ...report(), row, peak, orders, adds };

  function report() {
    const lines = ['| request | req/s | p50 ms | p99 ms | errors | goal ≥ 500 req/s | server peak RSS MB |', '| --- | ---: | ---: | ---: | ---: | --- | ---: |'];
    const name = `status, ${ORDERS} order ids (orders=…)`;
    if (!row || row.skipped) lines.push(`| ${name} | skipped (${row?.skipped ?? 'no result'}) | | | | | ${fmt(peak)} |`);
    else
      lines.push(`| ${name} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p99, 1)} | ${row.errors} | ${row.rps >= GOAL_RPS ? 'met' : 'not met'} | ${fmt(peak)} |`);
    notes.unshift(
      `A form-encoded POST /api/v2 {key, action=status, orders=<${ORDERS} ids>} as a reseller script sends it` +
        (row && !row.skipped ? ` (${fmt(row.requestBytes / 1024, 1)} KB), answered with the ${ORDERS} statuses (${fmt(row.answerBytes / 1024, 1)} KB of JSON, not compressed: autocannon sends no Accept-Encoding)` : '') +
        `; ${RESELLERS} resellers with ${KEYS_PER_RESELLER} keys each (the most a customer may have), the requests going round-robin over the ${RESELLERS * KEYS_PER_RESELLER} keys; each reseller's ${ORDERS} orders (like, 3 profiles each, distinct tweets) were placed through \`add\`, and stay Pending (WORKER=0). ` +
        `Each request looks the key up, counts it against the key's limit, reads the orders and their profiles' names (one statement). ` +
        `autocannon runs on the same machine as the server and PostgreSQL (1 s warm-up first). Peak RSS is the server's VmHWM at the end.`,
    );
    return { title, lines, notes: notes.join(' ') };
  }
}
