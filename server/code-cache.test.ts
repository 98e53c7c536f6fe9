import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The code cache (server/code-cache.ts) changes how Node compiles CommonJS, so it is tested in
// child processes of its own: a folder with packages, a runner that installs the cache and
// requires them, run several times over the same cache folder. The module is bundled for the
// runner as the build bundles it (plain node, no TypeScript loader that would rewrite what is
// required).
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-code-cache-test-'));
const cacheDir = path.join(root, 'cache');
const modules = path.join(root, 'node_modules');

type Run = { stats: { hits: number; misses: number; skipped: number; written: number }; results: Record<string, unknown> };

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function run(): Run {
  const out = spawnSync(process.execPath, [path.join(root, 'runner.mjs')], {
    cwd: process.cwd(),
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  const line = out.stdout.split('\n').find((l) => l.startsWith('{'));
  if (out.status !== 0 || !line) throw new Error(`runner failed (${out.status}):\n${out.stdout}\n${out.stderr}`);
  return JSON.parse(line) as Run;
}

const cacheFiles = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

beforeAll(() => {
  buildSync({ entryPoints: ['server/code-cache.ts'], outfile: path.join(root, 'code-cache.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  // A CommonJS package that looks at what a module gets: this, require, __filename, __dirname.
  write(
    path.join(modules, 'pkg', 'index.js'),
    `'use strict';
const helper = require('./helper');
module.exports = {
  helper: helper(2),
  thisIsExports: this === module.exports,
  filename: __filename,
  dirname: __dirname,
  resolved: require.resolve('./helper'),
  paths: Array.isArray(require.resolve.paths('x')),
  cacheIsShared: require.cache === require('node:module')._cache,
  version: 1,
};`,
  );
  write(path.join(modules, 'pkg', 'helper.js'), `module.exports = (n) => n * 21;`);
  // A package that imports dynamically: compiled from source (Node 20 loses the callback with cached bytecode).
  write(path.join(modules, 'dyn', 'index.js'), `module.exports = () => import('node:path').then((m) => m.sep);`);
  // A package of ES modules, required from CommonJS: Node's loader handles it.
  write(path.join(modules, 'esm', 'package.json'), JSON.stringify({ name: 'esm', type: 'module', exports: './index.js' }));
  write(path.join(modules, 'esm', 'index.js'), `export const answer = 42;`);
  // Outside node_modules and .next: not the cache's business.
  write(path.join(root, 'app', 'local.js'), `module.exports = 'local';`);
  write(
    path.join(root, 'runner.mjs'),
    `import { createRequire } from 'node:module';
import { installCodeCache } from './code-cache.mjs';
const stats = installCodeCache(${JSON.stringify(cacheDir)});
const require = createRequire(${JSON.stringify(path.join(root, 'app', 'main.js'))});
const results = {
  pkg: require('pkg'),
  dyn: await require('dyn')(),
  esm: require('esm').answer,
  local: require('./local.js'),
};
process.on('exit', () => process.stdout.write(JSON.stringify({ stats, results }) + '\\n'));
`,
  );
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Once: it needs no database.
describe.runIf(process.env.TEST_DB !== 'postgres')('the code cache', () => {
  it('compiles from source the first time and writes the bytecode at exit; later runs use it', () => {
    const first = run();
    expect(first.results).toEqual({
      pkg: {
        helper: 42,
        thisIsExports: true,
        filename: path.join(modules, 'pkg', 'index.js'),
        dirname: path.join(modules, 'pkg'),
        resolved: path.join(modules, 'pkg', 'helper.js'),
        paths: true,
        cacheIsShared: true,
        version: 1,
      },
      dyn: path.sep,
      esm: 42,
      local: 'local',
    });
    // pkg/index.js and pkg/helper.js; dyn (dynamic import) and esm are left to Node, local is outside.
    expect(first.stats).toMatchObject({ hits: 0, misses: 2, written: 2 });
    expect(first.stats.skipped).toBeGreaterThanOrEqual(1);
    expect(cacheFiles()).toHaveLength(2);

    const second = run();
    expect(second.results).toEqual(first.results);
    expect(second.stats).toMatchObject({ hits: 2, misses: 0, written: 0 });
  });

  it('never runs stale bytecode: a changed file is compiled from its new source', () => {
    const file = path.join(modules, 'pkg', 'index.js');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('version: 1', 'version: 2'));
    const changed = run();
    expect((changed.results.pkg as { version: number }).version).toBe(2);
    expect(changed.stats).toMatchObject({ hits: 1, misses: 1, written: 1 });
    expect(run().stats).toMatchObject({ hits: 2, misses: 0 });
  });

  it('compiles from source when an entry is damaged, and writes it again', () => {
    for (const name of cacheFiles()) fs.writeFileSync(path.join(cacheDir, name), Buffer.from('not bytecode'));
    const damaged = run();
    expect((damaged.results.pkg as { helper: number }).helper).toBe(42);
    expect(damaged.stats).toMatchObject({ hits: 0, misses: 2, written: 2 });
    expect(run().stats).toMatchObject({ hits: 2, misses: 0 });
  });

  it('still works when the cache folder cannot be written', () => {
    fs.rmSync(cacheDir, { recursive: true, force: true });
    fs.writeFileSync(cacheDir, 'a file where the folder should be');
    try {
      const blocked = run();
      expect((blocked.results.pkg as { helper: number }).helper).toBe(42);
      expect(blocked.stats).toMatchObject({ hits: 0, misses: 2, written: 0 });
    } finally {
      fs.rmSync(cacheDir, { force: true });
    }
  });
});
