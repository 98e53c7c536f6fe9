import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { serving, spawnServer, type ServerProcess } from './server-process';

/** The built server on its own port and data folder; resolves once it serves requests. */
function startServer(dataDir: string, port: number): Promise<ServerProcess> {
  return serving(spawnServer({ port, env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } }), { timeoutMs: 60_000 });
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
  expect(await first.stop()).toBe(0);

  const second = await startServer(dataDir, port);
  // The seed ran again but created nothing: no new password is printed, the rows are the same.
  await expect.poll(() => second.output()).toContain('password as printed at the first start');
  expect(second.output()).not.toMatch(/admin@example\.com \/ /);
  const after = await (await fetch(`http://127.0.0.1:${port}/api/platformlar`)).json();
  expect(after).toEqual(before);
  expect(await second.stop()).toBe(0);
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
  expect(await first.stop()).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('npm start ends the server when its own PID is sent SIGTERM, as a process manager does (issue #33)', async () => {
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-npm-start-'));
  const port = 3293;
  let out = '';
  // npm runs the script through `sh -c`; without `exec` the shell died on the signal and left the server running.
  const npm = spawn('npm', ['start'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1', npm_config_loglevel: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout?.on('data', (d) => (out += d));
  npm.stderr?.on('data', (d) => (out += d));
  const server: ServerProcess = { proc: npm, url: `http://127.0.0.1:${port}`, output: () => out, stop: async () => null };
  await serving(server, { timeoutMs: 120_000 });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  npm.kill('SIGTERM');
  expect(await exited).not.toBeUndefined();
  const answers = () =>
    fetch(`${server.url}/api/platformlar`).then(
      () => 'still serving',
      () => 'gone',
    );
  await expect.poll(answers, { timeout: 15_000 }).toBe('gone');
  fs.rmSync(dataDir, { recursive: true, force: true });
});
