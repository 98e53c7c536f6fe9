import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDb, installAsAppDb, type TestDb } from '@/test/db';
import { seed } from '@/db/seed';
import { users } from '@/db/schema';
import { signToken } from '@/lib/auth';
import { discoverRoutes, METHODS, type Method } from './routes';

/**
 * Bad input over every API route (issue #10): random and malformed JSON, wrong types, huge and
 * unicode strings, negative and enormous numbers, as a visitor, a user and an admin. Whatever
 * comes in, a route never answers 5xx; an error is always `{success:false, mesaj}`; and a
 * refused request never changes the database.
 */

// Tables whose change is the point of a refused request (rate limits count attempts) or that
// fill lazily regardless of input.
const VOLATILE = new Set(['rate_limit_buckets', 'app_secrets', 'socket_io_attachments', 'payment_events', 'mail_outbox']);
// Routes whose contract is not ours: next-auth's own endpoints and the simulated provider.
const EXCLUDED = [/^\/api\/auth\/\[\.\.\.nextauth\]$/];

const FIELD_NAMES = [
  'email', 'sifre', 'password', 'newPassword', 'currentPassword', 'ad', 'ad_soyad', 'telefon', 'meslek', 'rol', 'token',
  'profile_ids', 'tweet_url', 'tweet_text', 'quote_tweet_url', 'tweetPrice', 'prompt', 'reels_url', 'youtube_url',
  'amount', 'type', 'cardholderName', 'packageId', 'platformIds', 'discountCode', 'paymentIntentId', 'cardNumber',
  'expMonth', 'expYear', 'cvc', 'kod', 'paketId', 'paket_id', 'indirim_yuzdesi', 'maksimum_kullanim', 'bitis_tarihi', 'aktif',
  'baslik', 'icerik', 'baslik_en', 'icerik_en', 'oncelik', 'platform_fiyatlari', 'gunluk_limit', 'profil_limit',
  'kullanici_id', 'platform', 'baslangic_tarihi', 'api_endpoints', 'site_adi', 'site_aciklama', 'head_etiketleri',
  'site_logo', 'site_favicon', 'name', 'subject', 'message', 'id', 'service', 'limit', 'cursor',
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', "'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', 'x'.repeat(20000), 'ğüşıöç ĞÜŞİÖÇ 😀', 'NaN', '-1', '1e309', 'https://x.com/a/status/1'),
  fc.integer({ min: -2147483648, max: 2147483647 }),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(nasty, fc.array(nasty, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 }));
const body = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }).map((o) => ({ json: o })) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ json: v })) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', 'not json', '\u0000', '{"email":}').map((raw) => ({ raw })) },
);
const paramValue = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '999999999999', 'abc', '%00', 'twitter', 'like', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300)),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s)),
);
const query = fc.dictionary(fc.constantFrom('service', 'limit', 'cursor', 'lang', 'platform', 'lng'), fc.string({ maxLength: 12 }), { maxKeys: 3 });

let t: TestDb;
const tokens: Record<'visitor' | 'user' | 'admin', string | undefined> = { visitor: undefined, user: undefined, admin: undefined };

async function fingerprint(): Promise<string> {
  const rows = (await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as
    | { rows: { tablename: string }[] }
    | { tablename: string }[];
  const names = (Array.isArray(rows) ? rows : rows.rows).map((r) => r.tablename).filter((n) => !VOLATILE.has(n) && !n.startsWith('__drizzle'));
  const parts: string[] = [];
  for (const name of names) {
    const res = (await t.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`))) as unknown as
      | { rows: { h: string }[] }
      | { h: string }[];
    parts.push(`${name}:${(Array.isArray(res) ? res : res.rows)[0]?.h}`);
  }
  return parts.join(',');
}

beforeAll(async () => {
  t = await createTestDb();
  installAsAppDb(t);
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', adminPassword: 'admin-pass', demo: true });
  const [admin] = await t.db.select().from(users).where(sql`${users.rol} = 'admin'`);
  const [user] = await t.db.select().from(users).where(sql`${users.rol} = 'user'`);
  tokens.admin = await signToken(t.db, admin!, 'admin');
  tokens.user = await signToken(t.db, user!, 'user');
});
afterAll(async () => {
  await t?.close();
});

const routes = discoverRoutes().filter((r) => !EXCLUDED.some((re) => re.test(r.template)));
const runs = Number(process.env.FUZZ_RUNS ?? 12);

describe('every API route under bad input', () => {
  for (const route of routes) {
    it(`${route.template} never answers 5xx, always explains a refusal and changes nothing when it refuses`, async () => {
      const mod = (await import(/* @vite-ignore */ route.file)) as Partial<Record<Method, (req: Request, ctx: unknown) => Promise<Response>>>;
      const methods = METHODS.filter((m) => typeof mod[m] === 'function');
      for (const method of methods) {
        const handler = mod[method]!;
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('visitor', 'user', 'admin') as fc.Arbitrary<keyof typeof tokens>,
            body,
            fc.array(paramValue, { minLength: route.params.length, maxLength: route.params.length }),
            query,
            async (role, input, paramValues, q) => {
              const params: Record<string, string | string[]> = {};
              let urlPath = route.template;
              route.params.forEach((p, i) => {
                const v = paramValues[i]!;
                params[p.name] = p.catchAll ? v.split('/') : decodeURIComponentSafe(v);
                urlPath = urlPath.replace(/\[+\.{0,3}[^\]]+\]+/, v);
              });
              const headers = new Headers();
              if (tokens[role]) headers.set('authorization', `Bearer ${tokens[role]}`);
              const withBody = method !== 'GET' && method !== 'DELETE';
              let payload: string | undefined;
              if (withBody) {
                payload = 'raw' in input ? input.raw : JSON.stringify(input.json);
                headers.set('content-type', 'application/json');
              }
              const url = new URL(`http://localhost${urlPath}`);
              for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
              const before = await fingerprint();
              const res = await handler(new Request(url, { method, headers, body: payload }), { params: Promise.resolve(params) });
              const text = await res.text();
              const context = `${method} ${url.pathname}${url.search} as ${role} with ${payload?.slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
              expect(res.status, context).toBeLessThan(500);
              if (res.status >= 400) {
                let json: { success?: unknown; mesaj?: unknown; error?: unknown; code?: unknown };
                try {
                  json = JSON.parse(text);
                } catch {
                  throw new Error(`not JSON: ${context}`);
                }
                if ((handler as { auth?: string }).auth === 'apiKey') {
                  // The reseller protocol (app/api/_lib/api-key-route.ts) explains a refusal as {error, code}.
                  expect(typeof json.error === 'string' && json.error.length > 0 && typeof json.code === 'string', context).toBe(true);
                } else {
                  expect(json.success, context).toBe(false);
                  expect(typeof json.mesaj === 'string' && json.mesaj.length > 0, context).toBe(true);
                }
                expect(await fingerprint(), `state changed by a refused request: ${context}`).toBe(before);
              }
            },
          ),
          { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
        );
      }
    }, 300_000);
  }
});

function decodeURIComponentSafe(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}
