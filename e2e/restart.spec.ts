import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** Starts the built server on its own port and data folder; resolves once it serves requests. */
async function startServer(dataDir: string, port: number): Promise<{ proc: ChildProcess; output: () => string }> {
  let out = '';
  const proc = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/platformlar`);
      if (res.ok) return { proc, output: () => out };
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${out}`);
}

function stop(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    proc.once('exit', (code) => resolve(code));
    proc.kill('SIGTERM');
  });
}

test('restarting keeps the data, and SIGTERM shuts down cleanly', async () => {
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-restart-'));
  const port = 3290;
  const first = await startServer(dataDir, port);
  // The start banner says where to open the app and shows the generated logins once.
  await expect.poll(() => first.output()).toMatch(/Admin\s+admin@example\.com \/ \S+/);
  expect(first.output()).toContain(`open http://localhost:${port}`);
  expect(first.output()).toMatch(/Demo customer\s+demo@example\.com \/ \S+/);
  const before = await (await fetch(`http://127.0.0.1:${port}/api/platformlar`)).json();
  expect(await stop(first.proc)).toBe(0);

  const second = await startServer(dataDir, port);
  // The seed ran again but created nothing: no new password is printed, the rows are the same.
  await expect.poll(() => second.output()).toContain('password as printed at the first start');
  expect(second.output()).not.toMatch(/admin@example\.com \/ /);
  const after = await (await fetch(`http://127.0.0.1:${port}/api/platformlar`)).json();
  expect(after).toEqual(before);
  expect(await stop(second.proc)).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a second process on the same data folder is refused instead of corrupting it', async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-lock-'));
  const first = await startServer(dataDir, 3291);
  const second = await startServer(dataDir, 3292).then(
    (s) => ({ started: true, s }),
    (err: Error) => ({ started: false, err }),
  );
  expect(second.started).toBe(false);
  expect(String((second as { err: Error }).err)).toContain('is in use by process');
  expect(await stop(first.proc)).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
