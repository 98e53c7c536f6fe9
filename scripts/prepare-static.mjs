// The browser's files of a production build (.next/static), made ready to be served by
// server/static-assets.ts (issue #19, docs/benchmarks.md "Eighth round"):
// - every script starts with V8's explicit compile hint `//# allFunctionsCalledOnLoad`: Chrome
//   (136+) then compiles all of its functions while the script streams in, on a background
//   thread, instead of one by one on the page's main thread when each module is first run. A
//   first load runs nearly every function of its chunks (Turbopack's module factories), and
//   that lazy compilation was most of the longest task of a phone's first load;
// - every text file (scripts, styles, source maps, SVG, JSON) gets a Brotli (quality 11) and a
//   gzip (level 9) copy beside it, `name.br` and `name.gz`, compressed once here instead of on
//   every request. Brotli is ~14% smaller than gzip on the first load's scripts.
// Run by scripts/build-server.mjs after `next build`; running it twice changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** The extensions compressed ahead of time (server/static-assets.ts serves whichever copies exist). */
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.svg', '.txt']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Prepares every file under `dir`; returns how many were compressed and their sizes. */
export function prepareStatic(dir) {
  const totals = { files: 0, identity: 0, gzip: 0, br: 0 };
  if (!fs.existsSync(dir)) return totals;
  for (const file of [...files(dir)]) {
    const ext = path.extname(file);
    if (!COMPRESSIBLE.has(ext)) continue;
    let body = fs.readFileSync(file);
    if (ext === '.js' && !body.subarray(0, COMPILE_HINT.length).equals(Buffer.from(COMPILE_HINT))) {
      body = Buffer.concat([Buffer.from(COMPILE_HINT), body]);
      fs.writeFileSync(file, body);
    }
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gz = gzipSync(body, { level: 9 });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.identity += body.length;
    totals.br += br.length;
    totals.gzip += gz.length;
  }
  return totals;
}

