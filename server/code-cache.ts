import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/*
 * A V8 code cache for the CommonJS code the production server loads (issue #19: cold start). Node
 * 20 compiles every module from source on every start (Node 22's `module.enableCompileCache` does
 * not exist here), and Next.js's server runtime and the app's route chunks are ~700 CommonJS
 * files. Installed by dist/server.mjs before anything else loads (server/production-entry.ts), it
 * compiles each such file with the bytecode V8 produced for it on an earlier run, and writes the
 * bytecode of files it had none for when the process exits; the build runs the server once over a
 * few pages to make it (scripts/build-server.mjs).
 *
 * A cache entry is keyed by the file's path and a hash of its contents, and V8 itself refuses
 * bytecode made by another V8 version or with other flags (`cachedDataRejected`): then the file is
 * compiled from source as without the cache, and its entry is written again. Not cached:
 * - files Node would load as ES modules (`format` given, or a syntax error as a script): Node's
 *   own loader handles them;
 * - files that contain `import(`: in Node 20 a script compiled from cached data loses its dynamic
 *   import callback ("A dynamic import callback was not specified"), so they compile as usual;
 * - anything outside `node_modules` and `.next` (nothing else is CommonJS in production).
 */

export type CodeCacheStats = { hits: number; misses: number; skipped: number; written: number };

type CompileFn = (this: NodeModule, content: string, filename: string, format?: string) => unknown;
type ModuleInternals = {
  prototype: { _compile: CompileFn };
  wrap: (source: string) => string;
  _resolveFilename: (request: string, parent: NodeModule, isMain: boolean, options?: unknown) => string;
  _resolveLookupPaths: (request: string, parent: NodeModule) => string[] | null;
  _extensions: unknown;
  _cache: unknown;
};

const STATS = Symbol.for('etk.codeCache.stats');
const DYNAMIC_IMPORT = /\bimport\s*\(/;

/** The counts of the cache installed in this process (server.ts logs them), or null. */
export function codeCacheStats(): CodeCacheStats | null {
  return ((globalThis as Record<symbol, unknown>)[STATS] as CodeCacheStats | undefined) ?? null;
}

/** Files of the installed packages and of the Next.js build: the cache's domain. */
const inDomain = (filename: string) => filename.includes(`${path.sep}node_modules${path.sep}`) || filename.includes(`${path.sep}.next${path.sep}`);

export function installCodeCache(dir: string): CodeCacheStats {
  const existing = codeCacheStats();
  if (existing) return existing;
  const stats: CodeCacheStats = { hits: 0, misses: 0, skipped: 0, written: 0 };
  (globalThis as Record<symbol, unknown>)[STATS] = stats;
  const M = Module as unknown as ModuleInternals;
  const original = M.prototype._compile;
  // Scripts compiled without usable bytecode: their bytecode is written at exit, after they ran
  // (so it includes the functions compiled while serving, not only the top level).
  const pending: { script: vm.Script; file: string }[] = [];

  M.prototype._compile = function compile(this: NodeModule, content: string, filename: string, format?: string) {
    if (!inDomain(filename)) return original.call(this, content, filename, format);
    if ((format !== undefined && format !== 'commonjs') || DYNAMIC_IMPORT.test(content)) {
      stats.skipped++;
      return original.call(this, content, filename, format);
    }
    const file = path.join(dir, createHash('sha1').update(filename).update('\0').update(content).digest('hex'));
    let cachedData: Buffer | undefined;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    let script: vm.Script;
    try {
      script = new vm.Script(M.wrap(content), { filename, cachedData });
    } catch (err) {
      // ES module syntax in a .js file: Node's loader knows what to do with it.
      if (err instanceof SyntaxError) {
        stats.skipped++;
        return original.call(this, content, filename, format);
      }
      throw err;
    }
    if (cachedData && !script.cachedDataRejected) stats.hits++;
    else {
      stats.misses++;
      pending.push({ script, file });
    }
    const fn = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return fn.call(this.exports, this.exports, makeRequire(M, this), this, filename, path.dirname(filename));
  };

  process.once('exit', () => {
    if (pending.length === 0) return;
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch {
      return;
    }
    for (const { script, file } of pending.splice(0)) {
      // A read-only folder or a full disk only means the next start compiles from source.
      const temp = `${file}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temp, script.createCachedData());
        fs.renameSync(temp, file);
        stats.written++;
      } catch {
        try {
          fs.rmSync(temp, { force: true });
        } catch {
          // nothing to clean
        }
      }
    }
  });
  return stats;
}

/** `require` as Node makes it for a module (lib/internal/modules/helpers.js makeRequireFunction). */
function makeRequire(M: ModuleInternals, mod: NodeModule): NodeJS.Require {
  const require = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: { paths?: string[] }) => M._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => M._resolveLookupPaths(request, mod);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = M._extensions as NodeJS.Require['extensions'];
  require.cache = M._cache as NodeJS.Require['cache'];
  return require;
}
