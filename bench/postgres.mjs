// Shared by bench-sends.mjs and bench-fanout.mjs: a real PostgreSQL server for a benchmark
// (a throwaway cluster from scripts/test-postgres.sh, or BENCH_DATABASE_URL), a fresh database in
// it, and the customers a benchmark needs, made through the admin API of the started app.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { root, tempDir } from './lib.mjs';
import { SCALE_PASSWORD, SCALE_RESELLERS, benchPgOptions, scaledDatabase } from './scale.mjs';

export const BENCH_ADMIN = { email: 'admin@example.com', password: 'bench-admin-password' };

/**
 * A fresh database on a real PostgreSQL server; `stop()` drops it and stops a cluster we started.
 * `scaled`: a copy of the scale fixture (bench/scale.mjs scaledDatabase) instead of an empty one.
 */
export async function startPostgres({ scaled = false } = {}) {
  if (scaled) return scaledDatabase();
  let base = process.env.BENCH_DATABASE_URL;
  let dir;
  if (!base) {
    dir = tempDir('etk-bench-pg-');
    base = execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['start', dir], { encoding: 'utf8', env: { ...process.env, PG_OPTIONS: benchPgOptions() } }).trim();
  }
  const name = `etk_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  // BENCH_PG_QUERY: connection parameters for the measured server, e.g. `max=4` (postgres.js's pool size).
  for (const [k, v] of new URLSearchParams(process.env.BENCH_PG_QUERY ?? '')) url.searchParams.set(k, v);
  return {
    url: url.toString(),
    // A cluster bench/run.mjs started for the whole run is a throwaway one too.
    external: !dir && process.env.BENCH_PG_THROWAWAY !== '1',
    async stop() {
      const cleanup = postgres(base, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await cleanup.end();
      if (dir) {
        execFileSync(path.join(root, 'scripts/test-postgres.sh'), ['stop', dir], { stdio: 'ignore' });
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function api(url, { method, token, body } = {}) {
  const res = await fetch(url, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

function must(res, what) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

/**
 * Through the admin API of the running app: cooldown 0, a package with a high daily limit, and
 * `count` customers holding it on Twitter, each logged in. Returns their ids, tokens and passwords
 * (what a customer types to make an API key) and the admin's token. `concurrency`: customers made
 * at once (each is two argon2 hashes on the server, so more than a few buys little on 2 cores).
 */
export async function makeCustomers(appUrl, count, { concurrency = 4, scaled = false } = {}) {
  const { token: adminToken } = must(await api(`${appUrl}/api/auth/admin-login`, { body: { email: BENCH_ADMIN.email, sifre: BENCH_ADMIN.password } }), 'admin login');
  const { site_ayar } = must(await api(`${appUrl}/api/site-ayar`, { token: adminToken }), 'site settings');
  must(await api(`${appUrl}/api/site-ayar`, { method: 'PUT', token: adminToken, body: { ...site_ayar, cooldown_saniye: 0, twitter_min_profil: 1 } }), 'cooldown 0');
  const { paket } = must(
    await api(`${appUrl}/api/paketler`, {
      token: adminToken,
      body: { ad: 'Bench', platform_fiyatlari: { twitter: 10, instagram: 10, youtube: 10, tiktok: 10 }, gunluk_limit: 1_000_000, profil_limit: 10 },
    }),
    'package',
  );
  const tag = crypto.randomBytes(3).toString('hex');
  const customers = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        // On the scale fixture the customers are its busy resellers (thousands of orders each), signed in.
        const email = scaled ? `scale-reseller-${1 + (i % SCALE_RESELLERS)}@example.com` : `bench-${tag}-${i}@example.com`;
        const password = scaled ? SCALE_PASSWORD : 'bench-pass';
        let id;
        if (!scaled) id = must(await api(`${appUrl}/api/users`, { token: adminToken, body: { ad_soyad: `Bench ${i}`, email, sifre: password } }), 'user').kullanici.id;
        const { token, kullanici } = must(await api(`${appUrl}/api/auth/login`, { body: { email, password } }), 'login');
        id ??= kullanici?.id ?? (await api(`${appUrl}/api/users/profile/me`, { token })).body?.kullanici?.id;
        must(await api(`${appUrl}/api/kullanici-paketleri`, { token: adminToken, body: { kullanici_id: id, paket_id: paket.id, platform: 'twitter' } }), 'assign');
        customers[i] = { id, token, email, password };
      }
    }),
  );
  const { profiles } = must(await api(`${appUrl}/api/twitter/profiles`), 'profiles');
  return { adminToken, customers, profileIds: profiles.map((p) => p.id) };
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function rssKb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** How many orders the database at `url` holds (the scaled database's size, for the reports). */
export async function orderCount(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = await sql`select count(*)::int as n from orders`;
    return n;
  } finally {
    await sql.end();
  }
}

/** POST /api/v2 as a reseller script sends it (form fields, English): its HTTP status and its JSON body (or the start of the text). */
export async function v2(url, fields) {
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
