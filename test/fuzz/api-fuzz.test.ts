import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { seed } from '@/lib/domain/seed';
import { users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { startQueue, stopQueue } from '@/lib/infra/queue';
import { discoverRoutes, METHODS, type Method, type RouteFile } from './routes';

/**
 * Bad input over every API route (issues #10, #14): random and malformed JSON, wrong types, huge
 * and unicode strings, negative and enormous numbers, as a visitor, a user and an admin. Whatever
 * comes in, a route never answers 5xx; an error is always `{success:false, mesaj}`; and a
 * refused request never changes the database.
 *
 * Random bodies are almost always refused by the first field check, so the sweep also runs, on
 * every route, examples built from what the route declares to route(): a body that is valid
 * field by field but for one field carrying a NUL, a lone surrogate, an int4 overflow or a huge
 * array; path params and query values with int4 overflow, NUL, lone surrogates and broken
 * %-escapes; and broken cookie encodings. Each of these reached PostgreSQL or a URL decoder and
 * answered 500 before issue #14.
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

const INT4_OVERFLOW = [2 ** 31, -(2 ** 31) - 1, 99_999_999_999, '99999999999', '2147483648'];
const BAD_STRINGS = ['a\u0000b', '\u0000', 'x\ud800y', '\udc00', 'ok\ud83d', '%E0%A4%A'];
const BROKEN_COOKIES = [
  'next-auth.session-token=%E0%A4%A',
  'next-auth.session-token=%',
  '__Secure-next-auth.session-token=%zz; NEXT_LOCALE=%E0',
  'NEXT_LOCALE=%ff; next-auth.session-token=a%',
];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...BAD_STRINGS, ...INT4_OVERFLOW),
  fc.constantFrom('', ' ', '\u0000', "'; drop table users; --", '<script>alert(1)</script>', '../../etc/passwd', 'x'.repeat(20000), 'ğüşıöç ĞÜŞİÖÇ 😀', 'NaN', '-1', '1e309', 'https://x.com/a/status/1'),
  fc.integer({ min: -2147483648, max: 2147483647 }),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  nasty,
  fc.array(nasty, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 }),
  fc.constantFrom(Array(100_000).fill(1), Array(20_000).fill('twitter')),
);
const body = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }).map((o) => ({ json: o })) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ json: v })) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', 'not json', '\u0000', '{"email":}').map((raw) => ({ raw })) },
);
const BAD_PARAMS = ['99999999999', '2147483648', '%E0%A4%A', '%00', 'a%00b', '%ED%A0%80', '%'];
const paramValue = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '999999999999', 'abc', '%00', 'twitter', 'like', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300)),
  fc.constantFrom(...BAD_PARAMS),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => encodeURIComponent(s)),
);
const QUERY_KEYS = ['service', 'limit', 'offset', 'cursor', 'lang', 'platform', 'lng', 'q', 'entity', 'action'];
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...BAD_STRINGS, '99999999999')), { maxKeys: 3 });
const cookie = fc.option(fc.constantFrom(...BROKEN_COOKIES), { nil: undefined });

type Role = 'visitor' | 'user' | 'admin';
type Body = { json: unknown } | { raw: string };
type Example = [Role, Body, string[], Record<string, string>, string | undefined];

/** A value each known field accepts, so that one bad field is not hidden behind another refusal. */
const VALID: Record<string, unknown> = {
  email: 'fuzz@example.com', sifre: 'secret-pass', password: 'secret-pass', newPassword: 'secret-pass', currentPassword: 'admin-pass',
  sifre_tekrar: 'secret-pass', ad: 'Fuzz Tester', ad_soyad: 'Fuzz Tester', telefon: '+905321234567', meslek: 'Diğer', rol: 'user',
  token: 'a'.repeat(43), profile_ids: [1], tweet_url: 'https://x.com/a/status/1', tweet_text: 'hello', quote_tweet_url: '',
  tweetPrice: 2, prompt: 'nice', reels_url: 'https://www.instagram.com/reel/abcdef/', youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  amount: 1000, type: 'balance', cardholderName: 'Fuzz Tester', packageId: 1, platformIds: ['twitter'], discountCode: 'KOD',
  paymentIntentId: 'pi_fuzz', cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123', approve: true, kod: 'KOD', paketId: 1,
  paket_id: [1], indirim_yuzdesi: 10, maksimum_kullanim: 5, bitis_tarihi: '2099-01-01', aktif: true, baslik: 'Başlık', icerik: 'İçerik',
  baslik_en: 'Title', icerik_en: 'Text', oncelik: 0, platform_fiyatlari: { instagram: 1, twitter: 1, youtube: 1, tiktok: 1 }, gunluk_limit: 10,
  profil_limit: 5, kullanici_id: 1, platform: 'twitter', baslangic_tarihi: '2099-01-01', api_endpoints: { like: 'https://example.com/like' },
  site_adi: 'Site', site_aciklama: 'About', head_etiketleri: '', site_logo: '', site_favicon: '', name: 'Fuzz', subject: 'other', message: 'hello',
};
const VALID_PARAMS: Record<string, string> = { platform: 'twitter', service: 'like', taskId: '00000000-0000-0000-0000-000000000000', token: 'a'.repeat(43), slug: 'x' };

/** Bad variants of one field's valid value: what reached the database or a decoder with a 500. */
function badVariants(valid: unknown): unknown[] {
  if (typeof valid === 'string') return ['a\u0000' + valid, valid + '\ud800', '\udc00' + valid];
  if (typeof valid === 'number') return [2 ** 31, '99999999999', -(2 ** 31) - 1];
  if (Array.isArray(valid)) {
    const first = valid[0];
    return typeof first === 'number'
      ? [[2 ** 31], ['99999999999'], Array(100_000).fill(first)]
      : [[`${first}\u0000`], [`${first}\ud800`], Array(20_000).fill(first)];
  }
  if (valid && typeof valid === 'object') {
    return Object.keys(valid).flatMap((k) => badVariants((valid as Record<string, unknown>)[k]).map((v) => ({ ...(valid as object), [k]: v })));
  }
  return ['\u0000', 2 ** 31];
}

/** The field names of a zod object schema, through pipes, transforms and wrappers. */
function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  if (def.type === 'pipe') return shapeOf(def.in) ?? shapeOf(def.out);
  if ('innerType' in def) return shapeOf(def.innerType);
  return undefined;
}

type Declared = { auth?: string; spec?: { body?: unknown; query?: unknown } };

/** The examples every route runs, from what it declared to route(). */
function examplesFor(route: RouteFile, handler: Declared): Example[] {
  const role: Role = handler.auth === 'admin' ? 'admin' : 'user';
  const params = route.params.map((p) => VALID_PARAMS[p.name] ?? '1');
  const out: Example[] = [];
  const keys = handler.spec?.body && handler.spec.body !== 'raw' ? Object.keys(shapeOf(handler.spec.body) ?? {}) : [];
  const base = Object.fromEntries(keys.map((k) => [k, VALID[k] ?? 'x']));
  for (const k of keys) for (const bad of badVariants(base[k])) out.push([role, { json: { ...base, [k]: bad } }, params, {}, undefined]);
  route.params.forEach((_, i) => {
    for (const bad of BAD_PARAMS) out.push([role, { json: base }, params.map((v, j) => (j === i ? bad : v)), {}, undefined]);
  });
  const queryKeys = Object.keys(shapeOf(handler.spec?.query) ?? {});
  for (const k of queryKeys) for (const bad of [...BAD_STRINGS, '99999999999']) out.push([role, { json: base }, params, { [k]: bad }, undefined]);
  for (const c of BROKEN_COOKIES) out.push(['visitor', { json: base }, params, {}, c]);
  return out;
}

const t = setupTestDb({ asAppDb: true });
const tokens: Record<Role, string | undefined> = { visitor: undefined, user: undefined, admin: undefined };

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
  // As in the running app (server/background.ts starts the queue on every node): routes that
  // enqueue work (forgot-password) reach it.
  await startQueue(t);
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', adminPassword: 'admin-pass', demo: true });
  const [admin] = await t.db.select().from(users).where(sql`${users.rol} = 'admin'`);
  const [user] = await t.db.select().from(users).where(sql`${users.rol} = 'user'`);
  tokens.admin = await signToken(t.db, admin!, 'admin');
  tokens.user = await signToken(t.db, user!, 'user');
});
afterAll(async () => {
  await stopQueue();
});

const routes = discoverRoutes().filter((r) => !EXCLUDED.some((re) => re.test(r.template)));
const runs = Number(process.env.FUZZ_RUNS ?? 12);

describe('every API route under bad input', () => {
  for (const route of routes) {
    it(`${route.template} never answers 5xx, always explains a refusal and changes nothing when it refuses`, async () => {
      const mod = (await import(/* @vite-ignore */ route.file)) as Partial<Record<Method, ((req: Request, ctx: unknown) => Promise<Response>) & Declared>>;
      const methods = METHODS.filter((m) => typeof mod[m] === 'function');
      for (const method of methods) {
        const handler = mod[method]!;
        const examples = examplesFor(route, handler);
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('visitor', 'user', 'admin') as fc.Arbitrary<Role>,
            body as fc.Arbitrary<Body>,
            fc.array(paramValue, { minLength: route.params.length, maxLength: route.params.length }),
            query,
            cookie,
            async (role, input, paramValues, q, brokenCookie) => {
              const params: Record<string, string | string[]> = {};
              let urlPath = route.template;
              route.params.forEach((p, i) => {
                const v = paramValues[i]!;
                params[p.name] = p.catchAll ? v.split('/') : decodeURIComponentSafe(v);
                urlPath = urlPath.replace(/\[+\.{0,3}[^\]]+\]+/, v);
              });
              const headers = new Headers();
              if (tokens[role]) headers.set('authorization', `Bearer ${tokens[role]}`);
              if (brokenCookie) headers.set('cookie', brokenCookie);
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
          { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? 20261122), examples },
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
