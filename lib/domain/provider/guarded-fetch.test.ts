import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderClient } from './index';
import { createGuardedFetch } from './guarded-fetch';

/** A provider on this machine's loopback address, counting what reaches it. */
let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((_, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ profiles: [{ id: 'tw_1', username: 'someone', followers: 10 }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

/** A resolver where `name` resolves to `addresses` (stands in for a DNS record an attacker controls). */
function resolver(records: Record<string, string[]>) {
  return (hostname: string, _options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => {
    const list = records[hostname];
    if (!list) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
}

const quick = { timeoutMs: 2000, retries: 0 };

describe('provider calls after DNS resolution', () => {
  it('refuses a host name that resolves to a loopback address, without sending it anything', async () => {
    const before = hits;
    const client = createProviderClient({ ...quick, fetch: createGuardedFetch({ allowPrivate: false, resolve: resolver({ 'provider.example.test': ['127.0.0.1'] }) }) });
    await expect(client.listProfiles(`http://provider.example.test:${port}/profile_list`)).rejects.toMatchObject({ name: 'ProviderError', kind: 'forbidden_address', retryable: false });
    expect(hits).toBe(before);
  });

  it('refuses a name with any private or metadata address among its records', async () => {
    const resolve = resolver({ 'mixed.example.test': ['93.184.216.34', '169.254.169.254'], 'v6.example.test': ['fe80::1'] });
    const client = createProviderClient({ ...quick, fetch: createGuardedFetch({ allowPrivate: true, resolve }) });
    await expect(client.listProfiles(`http://mixed.example.test:${port}/profile_list`)).rejects.toMatchObject({ kind: 'forbidden_address' });
    await expect(client.listProfiles(`http://v6.example.test:${port}/profile_list`)).rejects.toMatchObject({ kind: 'forbidden_address' });
  });

  it('connects to the address it checked when private addresses are allowed', async () => {
    const before = hits;
    const client = createProviderClient({ ...quick, fetch: createGuardedFetch({ allowPrivate: true, resolve: resolver({ 'provider.example.test': ['127.0.0.1'] }) }) });
    await expect(client.listProfiles(`http://provider.example.test:${port}/profile_list`)).resolves.toMatchObject([{ id: 'tw_1', username: 'someone', followers: 10 }]);
    expect(hits).toBe(before + 1);
  });

  it('refuses loopback and metadata IP literals by default, before any connection', async () => {
    const before = hits;
    const client = createProviderClient(quick);
    await expect(client.listProfiles(`http://127.0.0.1:${port}/profile_list`)).rejects.toMatchObject({ kind: 'forbidden_address' });
    await expect(client.listProfiles('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({ kind: 'forbidden_address' });
    await expect(client.listProfiles(`http://localhost:${port}/profile_list`)).rejects.toMatchObject({ kind: 'forbidden_address' });
    expect(hits).toBe(before);
    // …and the setting lets a provider on the same host through.
    await expect(createProviderClient({ ...quick, allowPrivateAddresses: true }).listProfiles(`http://127.0.0.1:${port}/profile_list`)).resolves.toHaveLength(1);
  });

  it('reaches the built-in simulator path on loopback, by address and by the name localhost', async () => {
    const client = createProviderClient(quick);
    await expect(client.listProfiles(`http://127.0.0.1:${port}/sim-provider/twitter/profile_list`)).resolves.toHaveLength(1);
    await expect(client.listProfiles(`http://localhost:${port}/sim-provider/twitter/profile_list`)).resolves.toHaveLength(1);
  });
});
