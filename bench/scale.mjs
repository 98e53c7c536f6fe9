// The scale fixture (issue #35 item 1): a PostgreSQL database holding a year of a realistic
// business, loaded with generate_series in a few minutes, built once per `npm run bench` as a
// template database; every benchmark that wants it gets its own copy (CREATE DATABASE … TEMPLATE).
//
//   1,000,000 orders over the last 365 days, each with its per-profile results (orders.results),
//             a new tweet's charge in the ledger, the day's use in usage_counters;
//   100,000 customers (a top-up payment and its ledger row each; balances = their ledger),
//   2,000 active packages with their prices, 600 profiles per platform,
//   50,000 notifications, 20,000 tickets (two messages each).
//
// The first SCALE_RESELLERS customers (scale-reseller-<i>@example.com, password SCALE_PASSWORD)
// are the busy resellers: together a third of the orders, through an API key each. A benchmark
// signs them in (scaleCustomers in bench/postgres.mjs) so that its sends are made by customers
// with thousands of orders, as the customer who reported the slow-down was.
//
// Interface for any benchmark (bench/postgres.mjs startPostgres({ scaled: true }) uses it):
//   scaledDatabase() → { url, external, stop() }   a fresh copy of the template
// `npm run bench` (bench/run.mjs) builds the template once (prepareScaleTemplate) and hands its
// cluster and name to every benchmark process in BENCH_DATABASE_URL and BENCH_SCALE_TEMPLATE; a
// benchmark run alone (bench/run-one.mjs) builds it itself. SCALE_ORDERS (default 1,000,000)
// makes a smaller fixture for a quick try.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { root, tempDir } from './lib.mjs';

export const SCALE_RESELLERS = 50;
export const SCALE_PASSWORD = 'bench-pass';
const ADMIN = { email: 'admin@example.com', password: 'bench-admin-password' };

export const scaleSize = () => ({
  orders: Number(process.env.SCALE_ORDERS ?? 1_000_000),
  customers: 100_000,
  packages: 2_000,
  profilesPerPlatform: 600,
  notifications: 50_000,
  tickets: 20_000,
});

// The platforms' services (platforms/<key>/index.ts), their simulator's profile prefixes, and the
// share of the orders each platform takes.
const PLATFORMS = [
  { key: 'twitter', prefix: 'tw', share: 0.55, services: ['like', 'retweet', 'comment', 'bookmark', 'new_tweet'] },
  { key: 'instagram', prefix: 'ig', share: 0.2, services: ['reels_like', 'reels_comment', 'reels_share', 'reels_bookmark'] },
  { key: 'youtube', prefix: 'yt', share: 0.15, services: ['youtube_like', 'youtube_comment', 'youtube_subscribe'] },
  { key: 'tiktok', prefix: 'tt', share: 0.1, services: ['tiktok_like', 'tiktok_comment', 'tiktok_share', 'tiktok_favorite', 'tiktok_repost'] },
];

const pgArray = (list) => `array[${list.map((s) => `'${s}'`).join(',')}]`;

/** The fixture's statements, in order; each names what it loads (for the log). */
function fixtureSql(size, passwordHash) {
  const P = PLATFORMS.length;
  // Platform of order i: by cumulative share on a hash of i (deterministic, no random()).
  let acc = 0;
  const platformCase = `case ${PLATFORMS.map((p) => `when (abs(hashint4(i)) % 1000) < ${Math.round((acc += p.share) * 1000)} then ${PLATFORMS.indexOf(p) + 1}`).join(' ')} else ${P} end`;
  const servicesOf = `(array[${PLATFORMS.map((p) => `${pgArray(p.services)}`).join(',')}])`;
  const prefixes = pgArray(PLATFORMS.map((p) => p.prefix));
  const keys = pgArray(PLATFORMS.map((p) => p.key));
  // A service array per platform, padded to the same length (a 2-D array must be rectangular).
  const width = Math.max(...PLATFORMS.map((p) => p.services.length));
  const rect = `array[${PLATFORMS.map((p) => pgArray([...p.services, ...Array(width - p.services.length).fill(p.services[0])])).join(',')}]`;
  const counts = `array[${PLATFORMS.map((p) => p.services.length).join(',')}]`;
  void servicesOf;
  return [
    ['customers', `
      insert into users (ad_soyad, email, telefon, meslek, rol, password_hash, created_at, updated_at)
      select 'Scale Customer ' || g,
             case when g <= ${SCALE_RESELLERS} then 'scale-reseller-' || g || '@example.com' else 'scale-' || g || '@example.com' end,
             '+905321234567', 'Diğer', 'user', '${passwordHash}',
             now() - make_interval(days => 400 - (g % 400)), now()
        from generate_series(1, ${size.customers}) g`],
    ['scale ids', `
      create temporary table scale_users as
      select row_number() over (order by id) as n, id from users where email like 'scale-%@example.com';
      create index on scale_users (n); analyze scale_users`],
    ['packages', `
      insert into packages (ad, gunluk_limit, profil_limit, created_at)
      select 'Paket ' || g, 100 + (g % 50) * 100, 5 + (g % 20), now() - make_interval(days => g % 365)
        from generate_series(1, ${size.packages}) g;
      insert into package_prices (package_id, platform, price_cents)
      select p.id, k.platform::platform, 500 + (p.id % 100) * 100
        from packages p cross join unnest(${keys}) as k(platform)`],
    ['subscriptions', `
      insert into user_packages (user_id, package_id, platform, paket_adi, gunluk_limit, profil_limit, starts_at, ends_at, status)
      select u.id, (select min(id) from packages) + (u.n % ${size.packages}), k.platform::platform, 'Paket', 1000, 10,
             now() - make_interval(days => (u.n % 20)::int), now() + make_interval(days => 10 + (u.n % 20)::int), 'active'
        from scale_users u cross join unnest(${keys}) with ordinality as k(platform, pi)
       where (k.pi = 1 and u.n % 10 < 6) or (k.pi = 2 and u.n % 10 < 3) or (k.pi = 3 and u.n % 5 = 0) or (k.pi = 4 and u.n % 7 = 0)`],
    ['profiles', `
      ${profilesSql(size)};
      create temporary table scale_profiles as
      select p.id, k.pi, row_number() over (partition by p.platform order by p.id) - 1 as n
        from profiles p join unnest(${keys}) with ordinality as k(platform, pi) on p.platform = k.platform::platform;
      create index on scale_profiles (pi, n); analyze scale_profiles`],
    ['api keys', `
      -- Revoked since (a key rotated): it keeps its orders, and leaves the reseller room for the
      -- keys a benchmark makes (MAX_API_KEYS working keys each).
      insert into api_keys (user_id, name, prefix, key_hash, revoked_at)
      select id, 'scale', 'etk_scale', encode(sha256(('scale-key-' || n)::bytea), 'hex'), now() - interval '1 hour' from scale_users where n <= ${SCALE_RESELLERS}`],
    ['orders', `
      create temporary table scale_orders as
      select i,
             ${platformCase} as pi,
             -- A third of the orders are the resellers', the rest spread over every customer.
             case when i % 3 = 0 then 1 + (abs(hashint4(i * 31)) % ${SCALE_RESELLERS}) else 1 + (abs(hashint4(i * 17)) % ${size.customers}) end as un,
             now() - make_interval(secs => (i::float8 / ${size.orders}) * 365 * 86400) as at,
             abs(hashint4(i * 13)) % 1000 as roll
        from generate_series(1, ${size.orders}) i;
      insert into orders (user_id, platform, service, target_url, tweet_text, profile_ids, profile_count, price_cents, status,
                          results, success_count, usage_day, api_key_id, request_id, created_at, updated_at, completed_at)
      select u.id, (${keys})[o.pi]::platform, s.service,
             case when s.service = 'new_tweet' then null else 'https://example.com/' || (${prefixes})[o.pi] || '/post/' || (abs(hashint4(o.i * 5)) % 400000) end,
             case when s.service = 'new_tweet' then 'Scale tweet ' || o.i end,
             jsonb_build_array(p1.id, p2.id, p3.id), 3,
             case when s.service = 'new_tweet' then 300 else 0 end,
             st.status::order_status,
             jsonb_build_array(
               jsonb_build_object('profile_id', p1.id, 'result', st.r1),
               jsonb_build_object('profile_id', p2.id, 'result', st.r2),
               jsonb_build_object('profile_id', p3.id, 'result', st.r3)),
             (st.r1 = 'success')::int + (st.r2 = 'success')::int + (st.r3 = 'success')::int,
             (o.at at time zone 'Europe/Istanbul')::date,
             case when o.un <= ${SCALE_RESELLERS} then k.id end,
             case when o.un <= ${SCALE_RESELLERS} then 'scale-' || o.i end,
             o.at, o.at, case when st.status in ('completed', 'partial', 'failed', 'cancelled') then o.at + interval '3 minutes' end
        from scale_orders o
        join scale_users u on u.n = o.un
        left join api_keys k on k.user_id = u.id and o.un <= ${SCALE_RESELLERS}
        cross join lateral (select (${rect})[o.pi][1 + (abs(hashint4(o.i * 11)) % (${counts})[o.pi])] as service) s
        join scale_profiles p1 on p1.pi = o.pi and p1.n = (o.i * 7) % ${size.profilesPerPlatform}
        join scale_profiles p2 on p2.pi = o.pi and p2.n = (o.i * 7 + 1) % ${size.profilesPerPlatform}
        join scale_profiles p3 on p3.pi = o.pi and p3.n = (o.i * 7 + 2) % ${size.profilesPerPlatform}
        cross join lateral (
          -- The last hour's orders are still at work; older ones ended. A new tweet (charged) completes.
          select case when o.at > now() - interval '1 hour' then (case when o.roll < 500 then 'pending' else 'processing' end)
                      when s.service = 'new_tweet' then 'completed'
                      when o.roll < 850 then 'completed' when o.roll < 930 then 'partial' when o.roll < 970 then 'failed' else 'cancelled' end as status) st0
        cross join lateral (
          select st0.status,
                 case st0.status when 'failed' then 'failed' when 'pending' then 'pending' when 'processing' then 'pending' when 'cancelled' then 'failed' else 'success' end as r1,
                 case st0.status when 'completed' then 'success' when 'partial' then 'failed' when 'processing' then 'success' when 'pending' then 'pending' else 'failed' end as r2,
                 case st0.status when 'completed' then 'success' when 'processing' then 'pending' when 'pending' then 'pending' else 'failed' end as r3) st`],
    ['usage counters', `
      insert into usage_counters (user_id, service, day, count, last_used_at)
      select user_id, service, usage_day, count(*), max(created_at) from orders where usage_day is not null group by 1, 2, 3`],
    ['payments and ledger', `
      insert into payments (intent_id, provider, user_id, kind, amount_cents, status, credited_at, created_at, updated_at)
      select 'pi_test_scale_' || u.n, 'test', u.id, 'balance', 100000 + coalesce(d.spent, 0), 'succeeded', now() - interval '366 days', now() - interval '366 days', now() - interval '366 days'
        from scale_users u left join (select user_id, sum(price_cents) as spent from orders where price_cents > 0 group by 1) d on d.user_id = u.id;
      insert into balance_ledger (user_id, amount_cents, reason, payment_id, created_at)
      select user_id, amount_cents, 'topup', id, created_at from payments where intent_id like 'pi_test_scale_%';
      insert into balance_ledger (user_id, amount_cents, reason, order_id, created_at)
      select user_id, -price_cents, 'new_tweet', id, created_at from orders where price_cents > 0;
      update users u set bakiye_cents = l.sum from (select user_id, sum(amount_cents) as sum from balance_ledger group by 1) l where l.user_id = u.id`],
    ['profile records', `
      -- The profiles' daily records (profile_daily_records, migration 0023) of the year's ended orders, as finalizeOrder keeps them.
      insert into profile_daily_records (platform, day, profile_id, successes, results)
      select o.platform, (o.created_at at time zone 'UTC')::date, (r.value->>'profile_id')::int,
             count(*) filter (where r.value->>'result' = 'success'), count(*)
        from orders o cross join jsonb_array_elements(o.results) r
       where o.status in ('completed', 'partial', 'failed')
       group by 1, 2, 3
       -- Day by day, as a running service writes them (a day's rows sit together on disk).
       order by 2, 1, 3`],
    ['notifications', `
      insert into notifications (user_id, kind, params, link, read_at, created_at)
      select u.id, (array['order_failed','package_expiring','payment_receipt','ticket_answered','announcement'])[1 + g % 5], '{}'::jsonb, '/panel',
             case when g % 3 = 0 then null else now() end, now() - make_interval(secs => (g::float8 / ${size.notifications}) * 365 * 86400)
        from generate_series(1, ${size.notifications}) g join scale_users u on u.n = 1 + (abs(hashint4(g * 3)) % ${size.customers})`],
    ['tickets', `
      insert into tickets (user_id, category, subject, status, last_message_at, closed_at, created_at, updated_at)
      select u.id, (array['order','payment','package','account','other'])[1 + g % 5]::ticket_category, 'Scale ticket ' || g,
             (array['open','answered','closed','closed'])[1 + g % 4]::ticket_status, t.at, case when g % 4 >= 2 then t.at end, t.at, t.at
        from generate_series(1, ${size.tickets}) g join scale_users u on u.n = 1 + (abs(hashint4(g * 19)) % ${size.customers})
        cross join lateral (select now() - make_interval(secs => (g::float8 / ${size.tickets}) * 365 * 86400) as at) t;
      insert into ticket_messages (ticket_id, author_id, from_admin, body, created_at)
      select t.id, case when m = 1 then t.user_id end, m = 2, 'Message ' || m, t.created_at + make_interval(mins => m)
        from tickets t cross join generate_series(1, 2) m where t.subject like 'Scale ticket %'`],
    // A year-old database has been vacuumed by autovacuum many times (visibility map set: the
    // index-only scans the reports rely on skip the heap).
    ['vacuum and analyze', `vacuum (analyze)`],
  ];
}

/** The fixture's profiles of every platform (the simulator's own, under the same ids, stay as they are). */
function profilesSql(size) {
  const prefixes = pgArray(PLATFORMS.map((p) => p.prefix));
  const keys = pgArray(PLATFORMS.map((p) => p.key));
  return `
      insert into profiles (platform, provider_id, username, name, followers_count, followers_text, status)
      select k.platform::platform, (${prefixes})[k.pi] || '_' || (1000 + g), (${prefixes})[k.pi] || '_user_' || g, 'Profile ' || g,
             100 + (hashint4(g * 7 + k.pi::int) & 65535), '1K',
             case when g % 97 = 0 then 'inactive' else 'active' end
        from unnest(${keys}) with ordinality as k(platform, pi) cross join generate_series(1, ${size.profilesPerPlatform}) g
      on conflict (platform, provider_id) do nothing`;
}

/**
 * Gives an empty database (migrated by the app) the fixture's profiles and nothing else, so that
 * an empty-versus-scaled comparison holds the roster fixed and measures what the orders add
 * (issue #35: the pick ranks every profile of the platform; with 60 on one side and 600 on the
 * other, the ratio measured the roster, not the orders).
 */
export async function addScaleProfiles(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(profilesSql(scaleSize()));
  } finally {
    await sql.end();
  }
}

/** Loads the fixture into `url` (migrated and seeded by the app). Returns the seconds each part took. */
export async function loadFixture(url, { log = console.log } = {}) {
  const size = scaleSize();
  const { hash } = await import('@node-rs/argon2');
  const passwordHash = await hash(SCALE_PASSWORD);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const timings = [];
  try {
    await sql.unsafe(`set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
    // A year of orders dated in the past would each make the kept-days triggers (migration 0028)
    // forget days that were never counted: they are off while the fixture loads.
    await sql.unsafe(`alter table orders disable trigger user`);
    for (const [name, text] of fixtureSql(size, passwordHash)) {
      const t0 = performance.now();
      await sql.unsafe(text);
      const s = (performance.now() - t0) / 1000;
      timings.push([name, s]);
      log(`scale fixture: ${name} ${s.toFixed(1)} s`);
    }
    await sql.unsafe(`alter table orders enable trigger user`);
  } finally {
    await sql.end();
  }
  return timings;
}

/**
 * Builds the template database in the cluster `base`: migrated and seeded as the server's first
 * start does (bench/scale-seed.ts), then the fixture is loaded. Returns its name and
 * what it took.
 */
export async function prepareScaleTemplate(base, { log = console.log } = {}) {
  const name = `etk_scale_tpl_${crypto.randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = withDb(base, name);
  const started = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/scale-seed.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.server.json', DATABASE_URL: url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
  });
  const timings = await loadFixture(url, { log });
  // No one may be connected to a template while it is copied.
  await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
  const [{ size }] = await admin.unsafe(`select pg_size_pretty(pg_database_size('${name}')) as size`);
  await admin.end();
  const seconds = (performance.now() - started) / 1000;
  log(`scale fixture: template ${name} ready in ${seconds.toFixed(0)} s (${size})`);
  return { name, seconds, size, timings };
}

function withDb(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The throwaway cluster's memory: shared buffers sized for the scale fixture (its orders' table and
 * indexes are ~800 MB), as a server is sized for its data; BENCH_PG_OPTIONS replaces it.
 */
export function benchPgOptions() {
  return process.env.BENCH_PG_OPTIONS ?? '-c shared_buffers=1GB';
}

/** A cluster for the whole run: BENCH_DATABASE_URL, or a throwaway one (scripts/test-postgres.sh). */
export function startCluster() {
  if (process.env.BENCH_DATABASE_URL) return { base: process.env.BENCH_DATABASE_URL, external: true, stop() {} };
  const dir = tempDir('etk-bench-pg-');
  const base = execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['start', dir], { encoding: 'utf8', env: { ...process.env, PG_OPTIONS: benchPgOptions() } }).trim();
  return {
    base,
    external: false,
    stop() {
      execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['stop', dir], { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh copy of the scale fixture: { url, external, stop() }, the shape of startPostgres().
 * Uses BENCH_SCALE_TEMPLATE in BENCH_DATABASE_URL when the run built one; else builds the template
 * (in BENCH_DATABASE_URL or a throwaway cluster) and drops it, and the cluster, at stop().
 */
export async function scaledDatabase() {
  let cluster = null;
  let template = process.env.BENCH_SCALE_TEMPLATE;
  let base = process.env.BENCH_DATABASE_URL;
  if (!template || !base) {
    cluster = startCluster();
    base = cluster.base;
    template = (await prepareScaleTemplate(base)).name;
  }
  const name = `etk_scale_${crypto.randomBytes(5).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const t0 = performance.now();
  await admin.unsafe(`create database ${name} template ${template}`);
  await admin.end();
  const copySeconds = (performance.now() - t0) / 1000;
  const url = new URL(withDb(base, name));
  for (const [k, v] of new URLSearchParams(process.env.BENCH_PG_QUERY ?? '')) url.searchParams.set(k, v);
  return {
    url: url.toString(),
    external: !!process.env.BENCH_DATABASE_URL && process.env.BENCH_PG_THROWAWAY !== '1',
    copySeconds,
    async stop() {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      if (cluster) await cleanup.unsafe(`drop database if exists ${template} with (force)`).catch(() => {});
      await cleanup.end();
      cluster?.stop();
    },
  };
}

// `node bench/scale.mjs <postgres url of a cluster>`: builds a template there and prints its name
// (to explore the fixture by hand: EXPLAIN on a copy of it).
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  if (!base) throw new Error('usage: node bench/scale.mjs <postgres://… of a cluster>');
  const { name } = await prepareScaleTemplate(base);
  console.log(name);
}
