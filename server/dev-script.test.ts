import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run dev` (README: "starts the same server with hot reload") runs server.ts under tsx,
// outside Next's bundler, where `server-only` throws unless tsconfig.server.json maps it to the
// stub: the script had lost that and the dev server ended at its first import. Started here as the
// README says, on its own PGlite folder, until it answers an API route; once is enough.
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run dev', () => {
  it('starts the development server, which answers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-dev-script-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    // Not the test worker's IPC channel: a child that inherits it writes into the runner's messages.
    const { NODE_CHANNEL_FD: _fd, NODE_CHANNEL_SERIALIZATION_MODE: _mode, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', 'dev'], {
      cwd: process.cwd(),
      env: {
        ...inherited,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '0',
        ADMIN_PASSWORD: 'dev-script-admin',
        NEXT_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npm, tsx and Next's workers end together.
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let exited = false;
    child.on('exit', () => (exited = true));
    try {
      let status = 0;
      const until = Date.now() + 90_000;
      while (!exited && Date.now() < until) {
        status = await fetch(`http://127.0.0.1:${port}/api/platformlar`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      // Its last lines without stack frames (vitest would try to read source maps of the frames' files).
      const told = output.split('\n').filter((line) => !/^\s+at /.test(line)).slice(-15).join('\n');
      expect(status, told).toBe(200);
      expect(output).not.toContain('cannot be imported from a Client Component');
    } finally {
      if (!exited) process.kill(-child.pid!, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
