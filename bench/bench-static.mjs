// The browser's files of a first page load (issue #19, docs/benchmarks.md "Eighth round"): the
// scripts and the style sheet /service/retweet names, asked for at once by ROUNDS simulated first
// visits (a browser's Accept-Encoding), served by Next.js (STATIC_ASSETS=0: each file compressed
// again on every request, by server/compress.ts since Next's own compression is off; before that
// Next gzipped them) and by server.ts from the build's copies (server/static-assets.ts). Measured: the
// server's CPU time (/proc/<pid>/stat), the wall time, and the bytes on the wire per visit.
import fs from 'node:fs';
import { request } from 'node:http';
import { freePort, startApp, stopApp, tempDir } from './lib.mjs';

const ROUNDS = 40;
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');

/** The bytes of one answer as sent (fetch would decode them). */
function wireBytes(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity', status: res.statusCode }));
    });
    req.on('error', reject);
    req.end();
  });
}

function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

export async function run() {
  const rows = [];
  for (const [name, flag] of [
    ['Next.js, compressed per request (STATIC_ASSETS=0)', '0'],
    ['server.ts, compressed at build (STATIC_ASSETS=1)', '1'],
  ]) {
    const app = await startApp({ port: await freePort(), dataDir: tempDir('etk-bench-static-'), env: { STATIC_ASSETS: flag } });
    try {
      const html = await (await fetch(`${app.url}/en/service/retweet`)).text();
      const files = [...new Set(html.match(/\/_next\/static\/[^"]+\.(?:js|css)/g))];
      const first = await Promise.all(files.map((f) => wireBytes(app.url + f)));
      if (first.some((r) => r.status !== 200)) throw new Error(`${name}: a file was not answered 200`);
      const cpu0 = cpuMs(app.child.pid);
      const t0 = performance.now();
      for (let i = 0; i < ROUNDS; i++) await Promise.all(files.map((f) => wireBytes(app.url + f)));
      const wall = performance.now() - t0;
      rows.push({
        name,
        files: files.length,
        cpu: (cpuMs(app.child.pid) - cpu0) / ROUNDS,
        wall: wall / ROUNDS,
        kb: first.reduce((a, r) => a + r.bytes, 0) / 1024,
        encodings: [...new Set(first.map((r) => r.encoding))].join(', '),
      });
    } finally {
      await stopApp(app);
    }
  }
  return {
    title: `A first page load's scripts and styles (/service/retweet, ${ROUNDS} visits, one after another)`,
    lines: [
      '| served by | files | server CPU ms per visit | wall ms per visit | KB on the wire | encoding |',
      '| --- | ---: | ---: | ---: | ---: | --- |',
      ...rows.map((r) => `| ${r.name} | ${r.files} | ${fmt(r.cpu, 1)} | ${fmt(r.wall, 1)} | ${fmt(r.kb, 1)} | ${r.encodings} |`),
    ],
    notes: 'Each visit asks for all the files at once, as a browser does after reading the page. The CPU time is the server process\'s own (user + system).',
  };
}
