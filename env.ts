import { z } from 'zod';

/**
 * The one place that reads process.env (STYLE.md "Config"). Every variable is optional and has
 * a default, so a fresh clone starts with nothing set; a bad value fails fast at start-up.
 * Every variable here is listed in .env.example.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  AUTH_SECRET: optionalString,
  NEXTAUTH_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.string().url().optional()),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Etkileşim <no-reply@localhost>')),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().default('admin@example.com')),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6).optional()),
  APP_TIMEZONE: z.preprocess(emptyToUndefined, z.string().default('Europe/Istanbul')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  WORKER: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  /**
   * 1: the app is behind a reverse proxy; per-IP rate limits use the right-most X-Forwarded-For
   * address and the CSRF origin check accepts X-Forwarded-Host. 0: both headers are ignored.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  /**
   * 0: no prepared statements on PostgreSQL (a pooler in transaction mode, e.g. PgBouncer, that
   * cannot keep them per client); 1 (default): every query with parameters is prepared once per
   * connection (db/client.ts).
   */
  DATABASE_PREPARE: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  /** Seconds a rendered public page is kept for visitors (server/page-cache.ts); 0 turns the cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /**
   * 1 (default): the reseller protocol and the send routes are served by server.ts with their own
   * handlers, without Next.js's request handling (server/direct-routes.ts); 0: by Next.js.
   */
  DIRECT_ROUTES: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  /**
   * 1 (default): the build's browser files (/_next/static/…) are served by server.ts from memory,
   * in the Brotli or gzip copy the build made (server/static-assets.ts); 0: by Next.js, each
   * compressed again on every request (server/compress.ts).
   */
  STATIC_ASSETS: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  /**
   * 0: no V8 code cache for the production server's CommonJS code (server/code-cache.ts, read by
   * dist/server.mjs before anything else loads); CODE_CACHE_DIR: its folder (default dist/code-cache).
   */
  CODE_CACHE: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  CODE_CACHE_DIR: optionalString,
  /** 1: serve the bare baseline routes the benchmarks compare against (/api/bench-bare, /bench-bare). */
  BENCH_ROUTES: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  /**
   * 1: webhook URLs may be plain http and point at loopback or private addresses (local development
   * and tests); link-local and reserved addresses stay refused (lib/infra/net/public-url.ts).
   */
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  /** The simulated fulfilment provider (docs/provider-api.md): outcomes and delays follow this seed. */
  SIM_PROVIDER_SEED: z.preprocess(emptyToUndefined, z.string().default('etkilesim')),
  /** Its failure mode at start: normal, down, slow, error500, malformed or wrong_shape. */
  SIM_PROVIDER_MODE: z.preprocess(emptyToUndefined, z.enum(['normal', 'down', 'slow', 'error500', 'malformed', 'wrong_shape']).default('normal')),
  /** How many profiles it lists per platform (60; the picker's benchmark asks 500, issue #36). */
  SIM_PROVIDER_PROFILES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(2000).default(60)),
  /**
   * 1: provider endpoints may be at loopback and private addresses (a provider on the same host
   * or network). Link-local and metadata addresses are refused whatever this says; the built-in
   * simulated provider on this server's loopback address is allowed either way.
   */
  PROVIDER_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  /**
   * Extra Content-Security-Policy sources (space-separated https:// or wss:// hosts) for what the
   * admin's head_etiketleri snippet loads, e.g. an analytics tag: scripts, the requests and images
   * it sends, frames it shows (docs/decisions.md "Security headers").
   */
  CSP_EXTRA_SCRIPT_SRC: optionalString,
  CSP_EXTRA_CONNECT_SRC: optionalString,
  CSP_EXTRA_IMG_SRC: optionalString,
  CSP_EXTRA_FRAME_SRC: optionalString,
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  return parsed.data;
}

export const env: Env = load();

/** The base URL the app is reached at (links in mail, sitemap, canonical URLs). */
export function publicUrl(): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The internal URL of this node, used by the seed to point endpoints at the simulated provider. */
export function internalUrl(): string {
  return `http://127.0.0.1:${env.PORT}`;
}

/**
 * next-auth reads NEXTAUTH_URL from the environment for its callback and redirect URLs; unset, it
 * warns and assumes http://localhost:3000 whatever PORT says. The server sets it to the app's URL
 * unless the operator set it.
 */
export function setNextAuthUrl(): void {
  process.env.NEXTAUTH_URL ??= publicUrl();
}
