import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Starts the real server.ts in a child process; the database it opens is its own PGlite folder,
// so running it once (on the first project) is enough.
describe.runIf(process.env.TEST_DB !== 'postgres')('a server whose port is taken', () => {
  it('exits with an error and a clear message before any background work starts', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-busy-port-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          WORKER: '1',
          SEED_DEMO: '0',
          ADMIN_PASSWORD: 'busy-port-admin',
          LOG_LEVEL: 'info',
          TSX_TSCONFIG_PATH: 'tsconfig.server.json',
          NEXT_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 90_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code, output).not.toBeNull(); // it did not keep running
      expect(code).not.toBe(0);
      expect(output).toContain(`Cannot listen on 127.0.0.1:${port}: the port is already in use`);
      expect(output).not.toContain('background work started');
      expect(output).not.toContain('server ready');
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
