import net from 'node:net';

/**
 * A loopback port for a database that is out of reach. `silent: false` (the default): nobody
 * listens, so a connection is refused. `silent: true`: a server accepts connections and never
 * answers (a stuck server, a partition); `close()` ends it.
 */
export async function unreachablePort({ silent = false } = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const held: net.Socket[] = [];
  const server = net.createServer((s) => held.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  const close = () =>
    new Promise<void>((r) => {
      for (const s of held) s.destroy();
      server.close(() => r());
    });
  if (!silent) await close();
  return { port, close };
}
