import net from 'node:net';

/**
 * A loopback TCP relay in front of a server (a PostgreSQL database in the outage tests), with a
 * switch: `cut()` ends every relayed connection at once and drops new ones as they arrive (what a
 * node sees of a database that went away), `restore()` relays again. `close()` ends it.
 */
export async function tcpSwitch(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return void client.destroy();
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
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  const cut = () => {
    up = false;
    for (const s of open) s.destroy();
  };
  return {
    port,
    cut,
    restore: () => void (up = true),
    close: () =>
      new Promise<void>((r) => {
        cut();
        server.close(() => r());
      }),
  };
}
