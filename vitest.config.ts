import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = {
  '@': root,
  // `server-only` throws outside Next's bundler (vercel/next.js#60038).
  'server-only': path.join(root, 'server/server-only-stub.ts'),
};

const common = {
  environment: 'node' as const,
  include: ['**/*.test.ts'],
  exclude: ['node_modules/**', 'e2e/**', '.next/**', '.next-*/**', 'data/**'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  env: { NODE_ENV: 'test' as const },
  // next-intl's ES modules import `next/navigation` and `next/headers` without a file extension, which
  // Node's loader refuses; through Vite they resolve as in the Next build (a page's redirect works, a
  // test's `vi.mock('next/headers')` reaches them).
  server: { deps: { inline: ['next-intl'] } },
};

/**
 * Every test file runs against an embedded PGlite database; when TEST_DATABASE_URL is set the
 * suite runs a second time against that PostgreSQL server (the only place where row locks
 * really contend, so concurrency tests prove something there).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker per core minus one: a single worker on this 2-core machine,
    // idle while tests wait on PostgreSQL, timers and local servers. Two measured 5.7 min instead of
    // 8.3 for the whole suite, with the same results.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { resolve: { alias }, test: { ...common, name: 'pglite', env: { ...common.env, TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                ...common,
                name: 'postgres',
                env: { ...common.env, TEST_DB: 'postgres' },
                // Tests that never touch a database (catalogues, components) and the bad-input
                // sweep (its property is the same on both drivers) run once, on the first project.
                exclude: [...common.exclude, 'messages/**', 'components/**', 'test/fuzz/**', 'lib/infra/i18n/**'],
              },
            },
          ]
        : []),
    ],
  },
});
