// `node bench/explain.mjs <postgres url of a scaled database>`: EXPLAIN (ANALYZE, BUFFERS) of the
// statements a send, a reseller call, the pages and the reports run (issue #35 item 2), as the app
// sends them (their SQL copied from lib/domain; a busy reseller of the scale fixture as the user).
// Prints each plan's headline (time, buffers, the scans); `--full` prints the whole plans.
// Read-only apart from what EXPLAIN ANALYZE of a read does: nothing is written.
import postgres from 'postgres';

// Filled in by explainAll: a busy reseller's id, the most used target, 100 of the reseller's numbers;
// `idle`: a busy reseller whose orders of the last 180 days explainAll moves to another reseller (rolled back).
const P = { reseller: 0, idle: 0, target: '', numbers: '{}', middle: '' };
const TZ = 'Europe/Istanbul';

export const statements = () => [
  ['send: lock the user', `select id, bakiye_cents::float8 from users where id = ${P.reseller} for update`],
  ['send: order by request id (idempotency)', `select id, number::float8, price_cents from orders where user_id = ${P.reseller} and request_id = 'scale-3'`],
  [
    'send: package and today\'s use, last use (cooldown)',
    `select pk.gunluk_limit, pk.profil_limit,
            (select u.count from usage_counters u where u.user_id = ${P.reseller} and u.service = 'like' and u.day = current_date) as used,
            (select u.last_used_at from usage_counters u where u.user_id = ${P.reseller} and u.service = 'like' order by u.day desc limit 1) as last
       from (select 1) one
       left join lateral (select up.gunluk_limit, up.profil_limit from user_packages up
                           where up.user_id = ${P.reseller} and up.platform = 'twitter' and up.status = 'active' and up.starts_at <= now() and up.ends_at > now() limit 1) pk on true`,
  ],
  [
    'send: named profiles, ALREADY_DONE check on a popular target',
    `select c.id, p.followers_count, coalesce(p.platform = 'twitter' and p.status = 'active', false) as usable,
            c.id in (select (r.value->>'profile_id')::int from orders o, jsonb_array_elements(o.results) r
                      where o.service = 'like' and o.target_url = '${P.target}'
                        and o.status <> 'cancelled' and r.value->>'result' in ('success', 'pending')) as done
       from unnest((select array_agg(id) from (select id from profiles where platform = 'twitter' order by id limit 3) x)) as c(id)
       left join profiles p on p.id = c.id order by c.id`,
  ],
  [
    'add: the server\'s pick, record from orders (before issue #35)',
    `with record as (
       select (r.value->>'profile_id')::int as profile_id, count(*) filter (where r.value->>'result' = 'success') as ok, count(*) as total
         from orders o, jsonb_array_elements(o.results) r
        where o.created_at > now() - make_interval(days => 7) and o.platform = 'twitter' and o.status in ('completed', 'partial', 'failed')
        group by 1)
     select p.id from profiles p left join record on record.profile_id = p.id
      where p.platform = 'twitter' and p.status = 'active'
        and p.id not in (select (r.value->>'profile_id')::int from orders o, jsonb_array_elements(o.results) r
                          where o.service = 'like' and o.target_url = 'https://x.com/new/status/1' and o.status <> 'cancelled' and r.value->>'result' in ('success', 'pending'))
      order by (coalesce(record.ok, 0) + 1)::float8 / (coalesce(record.total, 0) + 2) desc, p.followers_count desc, p.id`,
  ],
  [
    'add: the server\'s pick, record from profile_daily_records (issue #35)',
    `with record as (
       select d.profile_id, sum(d.successes) as ok, sum(d.results) as total from profile_daily_records d
        where d.platform = 'twitter' and d.day >= (now() at time zone 'UTC')::date - 7 group by 1)
     select p.id from profiles p left join record on record.profile_id = p.id
      where p.platform = 'twitter' and p.status = 'active'
        and p.id not in (select (r.value->>'profile_id')::int from orders o, jsonb_array_elements(o.results) r
                          where o.service = 'like' and o.target_url = 'https://x.com/new/status/1' and o.status <> 'cancelled' and r.value->>'result' in ('success', 'pending'))
      order by (coalesce(record.ok, 0) + 1)::float8 / (coalesce(record.total, 0) + 2) desc, p.followers_count desc, p.id`,
  ],
  [
    'status: 100 of a reseller\'s orders by number',
    `select count(*) from orders o where o.user_id = ${P.reseller}
        and (o.id = any('{}'::uuid[]) or o.number = any('${P.numbers}'::int8[]))`,
  ],
  [
    'limits: today\'s use of a platform\'s services',
    `select service, count from usage_counters where user_id = ${P.reseller} and day = current_date and service in ('like','retweet','comment','bookmark','new_tweet')`,
  ],
  ['overview / transactions: the last 20 orders of a busy reseller', `select * from orders where user_id = ${P.reseller} order by created_at desc, id desc limit 21`],
  [
    'overview / transactions: the last 20 orders of a reseller who stopped half a year ago',
    `select * from orders where user_id = ${P.idle} order by created_at desc, id desc limit 21`,
    `update orders set user_id = ${P.reseller} where user_id = ${P.idle} and created_at > now() - interval '180 days'`,
  ],
  [
    'statistics: a customer\'s orders on a platform by service (all time)',
    `select service, count(*), count(*) filter (where status = 'completed'), coalesce(sum(price_cents - refunded_cents), 0) from orders
      where user_id = ${P.reseller} and platform = 'twitter' group by service`,
  ],
  [
    'statistics: a customer\'s 30 days by day',
    `select to_char(created_at at time zone '${TZ}', 'YYYY-MM-DD'), count(*) from orders
      where user_id = ${P.reseller} and platform = 'twitter' and created_at >= now() - interval '31 days' group by 1`,
  ],
  ['dashboard: orders today', `select count(*) from orders where created_at >= date_trunc('day', now()) and created_at < date_trunc('day', now()) + interval '1 day'`],
  ['dashboard: revenue', `select coalesce(sum(amount_cents), 0), coalesce(sum(amount_cents) filter (where created_at >= date_trunc('day', now())), 0) from payments where status = 'succeeded'`],
  [
    'dashboard: subscriptions in force (each joined to its user, before issue #35)',
    `select count(*) from user_packages up join users u on u.id = up.user_id where up.status = 'active' and up.starts_at <= now() and up.ends_at > now() and u.deleted_at is null`,
  ],
  [
    'dashboard: subscriptions in force (deleted accounts left out by an anti-join, issue #35)',
    `select count(*) from user_packages up where up.status = 'active' and up.starts_at <= now() and up.ends_at > now()
        and not exists (select 1 from users u where u.id = up.user_id and u.deleted_at is not null)`,
  ],
  [
    'analytics 90 days: orders by day and status, the local day named per order (before issue #35)',
    `select to_char(created_at at time zone '${TZ}', 'YYYY-MM-DD') as day, count(*) filter (where status = 'completed'), count(*) filter (where status = 'failed'), count(*)
       from orders where created_at >= now() - interval '90 days' group by 1`,
  ],
  [
    'analytics 90 days: orders by day and status, grouped by the local date and named per day (issue #35)',
    `select to_char(d.day, 'YYYY-MM-DD'), d.completed, d.failed, d.total from (
       select (created_at at time zone '${TZ}')::date as day, count(*) filter (where status = 'completed') as completed, count(*) filter (where status = 'failed') as failed, count(*) as total
         from orders where created_at >= now() - interval '90 days' group by 1) d`,
  ],
  [
    'analytics 90 days: success rates',
    `select platform, service, sum(success_count), sum(profile_count) from orders
      where created_at >= now() - interval '90 days' and status in ('completed', 'partial', 'failed') group by 1, 2 order by 1, 2`,
  ],
  [
    'analytics 90 days: subscriptions in force at each day\'s end, each day joined to every subscription (before issue #35)',
    `select d.day, count(up.id) from (select g::date as day, (g + interval '1 day' - interval '1 millisecond') as at
                                        from generate_series(date_trunc('day', now()) - interval '89 days', date_trunc('day', now()), interval '1 day') g) d
       left join user_packages up on (up.cancelled_at is null or up.cancelled_at > d.at) and up.starts_at <= d.at and up.ends_at > d.at
      group by d.day`,
  ],
  [
    'analytics 90 days: subscriptions in force, the starts minus the ends up to each day in one pass (issue #35)',
    `select to_char((e.t + interval '999 microseconds') at time zone '${TZ}', 'YYYY-MM-DD') as day, sum(e.delta)
       from (select starts_at as t, 1 as delta from user_packages
             union all select greatest(starts_at, least(ends_at, coalesce(cancelled_at, ends_at))), -1 from user_packages) e
      where e.t <= now() group by 1`,
  ],
  ['stuck orders (admin list, reconciliation)', `select * from orders where status in ('pending', 'processing') and updated_at < now() - interval '30 minutes' order by updated_at limit 200`],
  [
    'CSV export of orders: a batch deep into the file',
    `select o.*, u.email from orders o join users u on u.id = o.user_id
      where (o.created_at, o.id) > ('${P.middle}'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid)
      order by o.created_at, o.id limit 500`,
  ],
  ['CSV export of payments: a batch', `select p.*, u.email from payments p join users u on u.id = p.user_id where p.id > 50000 order by p.id limit 500`],
  [
    'integrity: balances against the ledger',
    `select u.id from users u left join balance_ledger l on l.user_id = u.id group by u.id having u.bakiye_cents <> coalesce(sum(l.amount_cents), 0)`,
  ],
  [
    'integrity: orders ended at most once',
    `with refunds as (select order_id, count(*) as n, sum(amount_cents) as cents from balance_ledger where reason = 'refund' and order_id is not null group by order_id),
          debits as (select order_id, count(*) as n, -sum(amount_cents) as cents from balance_ledger where reason = 'new_tweet' and order_id is not null group by order_id)
     select o.id from orders o left join refunds r on r.order_id = o.id left join debits d on d.order_id = o.id
      where coalesce(r.n, 0) > 1 or o.refunded_cents <> coalesce(r.cents, 0) or (o.price_cents > 0 and (coalesce(d.n, 0) <> 1 or d.cents <> o.price_cents))
      limit 200`,
  ],
  ['admin users list (GET /api/users)', `select * from users order by created_at desc limit 50`],
  ['admin tickets list', `select * from tickets order by last_message_at desc limit 50`],
  ['customer notifications', `select * from notifications where user_id = (select user_id from notifications limit 1) order by id desc limit 20`],
];

export async function explainAll(url, { full = false, only } = {}) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const out = [];
  try {
    [{ id: P.reseller }] = await sql`select id from users where lower(email) = 'scale-reseller-1@example.com' and deleted_at is null`;
    [{ target: P.target }] = await sql`select target_url as target from orders where service = 'like' and target_url is not null group by 1 order by count(*) desc limit 1`;
    [{ numbers: P.numbers }] = await sql`select array_agg(number)::text as numbers from (select number from orders where user_id = ${P.reseller} order by created_at desc limit 100) x`;
    [{ middle: P.middle }] = await sql`select created_at::text as middle from orders order by created_at offset (select count(*) / 2 from orders) limit 1`;
    [{ id: P.idle }] = await sql`select id from users where lower(email) = 'scale-reseller-2@example.com' and deleted_at is null`;
    for (const [name, text, setup] of statements()) {
      if (only && !name.includes(only)) continue;
      await sql.unsafe('begin');
      if (setup) await sql.unsafe(setup);
      const rows = await sql.unsafe(`explain (analyze, buffers) ${text}`);
      await sql.unsafe('rollback');
      const plan = rows.map((r) => r['QUERY PLAN']);
      const time = plan.find((l) => l.startsWith('Execution Time'));
      out.push({ name, time, plan });
      console.log(`\n## ${name}\n${(full ? plan : [...plan.filter((l) => /Scan|Buffers: shared|Sort Method|Join|Aggregate|Planning Time/.test(l)).slice(0, 16), ...plan.filter((l) => l.startsWith('Execution'))]).join('\n')}`);
    }
  } finally {
    await sql.end();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: node bench/explain.mjs <postgres url> [--full] [--only=text]');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  await explainAll(url, { full: process.argv.includes('--full'), only });
}
