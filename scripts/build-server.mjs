#!/usr/bin/env node
// The server's part of the production build (after `next build`; scripts/start.mjs runs both):
// - bundles server.ts and the app code it imports (lib/, db/, server/) into dist/server.mjs, so a
//   production start loads one plain JavaScript file instead of compiling TypeScript through tsx's
//   loader hooks module by module (issue #19: ~1 s of a 3.5 s start). Packages stay in
//   node_modules (imported as they are); the same tsconfig paths apply as under tsx;
// - makes dist/db-template/, the embedded database a first start copies (db/template.ts).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const serverBundle = path.join(root, 'dist', 'server.mjs');

const require = createRequire(path.join(root, 'package.json'));

/**
 * A deep import without a file extension ('next/dist/…/is-bot') works under tsx (it resolves like
 * CommonJS) but not in plain ESM: such a path is written out with the file's extension, still
 * imported from node_modules.
 */
const deepImports = {
  name: 'deep-imports',
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/.+/ }, (args) => {
      if (path.extname(args.path)) return undefined;
      try {
        // Resolves as ESM to a file that exists (an "exports" entry): leave it.
        if (fs.existsSync(fileURLToPath(import.meta.resolve(args.path)))) return undefined;
      } catch {
        // only CommonJS resolution finds it
      }
      let file;
      try {
        file = require.resolve(args.path);
      } catch {
        return undefined;
      }
      const ext = path.extname(file);
      return ext && file.endsWith(`${args.path.split('/').pop()}${ext}`) ? { path: `${args.path}${ext}`, external: true } : undefined;
    });
  },
};

await build({
  plugins: [deepImports],
  absWorkingDir: root,
  entryPoints: ['server.ts'],
  outfile: serverBundle,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  tsconfig: 'tsconfig.server.json',
  sourcemap: 'linked',
  logLevel: 'warning',
});

// The first start's database (db/template.ts), made by the same code the server runs.
const made = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/make-db-template.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.server.json') },
});
if (made.status !== 0) process.exit(made.status ?? 1);
