import net from 'node:net';

/**
 * A loopback TCP relay in front of a server (a PostgreSQL database in the outage tests), with a
 * switch: `cut()` ends every relayed connection at once and stops listening, so new connections
 * are refused (what a node sees of a database server that stopped), `restore()` listens again on
 * the same port. `close()` ends it.
 */
export async function tcpSwitch(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) => new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const stop = () =>
    new Promise<void>((r) => {
      for (const s of open) s.destroy();
      if (!server.listening) return r();
      server.close(() => r());
    });
  return {
    port,
    cut: stop,
    restore: () => listen(port),
    close: stop,
  };
}
