/**
 * dist/server.mjs, what production runs (scripts/build-server.mjs bundles it): it installs the
 * code cache (server/code-cache.ts) before any package is loaded, then loads the server itself,
 * dist/server-app.mjs (server.ts and the app code). The two are separate files because a bundle's
 * imports of packages are evaluated before any of its own code. `CODE_CACHE=0` turns the cache off.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '@/env';
import { installCodeCache } from './code-cache';

if (env.CODE_CACHE === '1') installCodeCache(env.CODE_CACHE_DIR || path.join(path.dirname(fileURLToPath(import.meta.url)), 'code-cache'));
// A name, not a literal: the bundler leaves the import to run time, next to this file.
const app = './server-app.mjs';
await import(app);
