import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/infra/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets several checkouts or test runs build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // server.ts compresses Next's answers itself, in Brotli or gzip (server/compress.ts); Next's own only gzips.
  compress: false,
  reactStrictMode: true,
  // Native and server-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg-boss', 'pg', 'postgres', '@node-rs/argon2', 'pino', 'nodemailer', 'socket.io'],
  turbopack: {
    // next-intl's formatter without intl-messageformat: see lib/infra/i18n/format-message.ts. The browser
    // gets its messages compiled and a formatter without a parser (format-message.browser.ts).
    resolveAlias: { 'use-intl/format-message': { browser: './lib/infra/i18n/format-message.browser.ts', default: './lib/infra/i18n/format-message.ts' } },
  },
  experimental: {
    serverActions: { bodySizeLimit: '1mb' },
    // Next loads every route's code when it starts, ~0.4 s of main thread that the first request
    // waited behind (issue #19: cold start); each route's code now loads when first asked for.
    preloadEntriesOnStart: false,
    // A first page load in fewer, larger script chunks (14 → 9 on a service page, ~10 KB less
    // gzip): most visits are a first page from a link, and on a phone each chunk is a request and
    // an evaluation task of its own (docs/benchmarks.md "Seventh round").
    turbopackChunking: { maxChunkCountPerGroup: 3, minChunkSize: 200000, requestCost: 2000000, firstPageLoadPriority: 0.9 },
    // PROF_BUILD=1 (with NEXT_DIST_DIR=.next-prof): server code keeps its names, for CPU profiles (docs/benchmarks.md).
    ...(process.env.PROF_BUILD ? { serverMinification: false } : {}),
  },
};

export default withNextIntl(nextConfig);
