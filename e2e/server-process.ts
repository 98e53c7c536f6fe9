import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A server process of the app's own for the journeys that need one besides Playwright's (a
 * restart, two nodes, a mail server, a database that goes away): the built server by default, on
 * its own port, with the environment the test gives on top of this process's.
 */
export type ServerProcess = {
  proc: ChildProcess;
  url: string;
  /** Everything it printed so far, for assertions and for the message of a failed start. */
  output: () => string;
  /** SIGTERM, then SIGKILL after 12 s; resolves with the exit code. */
  stop: () => Promise<number | null>;
};

export function spawnServer({ port, env, args = ['dist/server.mjs'] }: { port: number; env: Record<string, string>; args?: string[] }): ServerProcess {
  let out = '';
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      proc.once('exit', (code) => resolve(code));
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 12_000).unref();
    });
  return { proc, url: `http://127.0.0.1:${port}`, output: () => out, stop };
}

/** Resolves once the server answers `path` with a 2xx; throws (with its output) when it exits or the time is up. */
export async function serving(server: ServerProcess, { path = '/api/platformlar', timeoutMs = 90_000 } = {}): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}${path}`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.proc.kill('SIGKILL');
  throw new Error(`server did not start:\n${server.output()}`);
}
