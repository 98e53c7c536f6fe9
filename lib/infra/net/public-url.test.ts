import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkPublicUrl, classifyAddress, publicOnlyLookup, urlProblem } from './public-url';

describe('address classes', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'private'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.100.100.200', 'private'],
    ['::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['169.254.169.254', 'forbidden'],
    ['0.0.0.0', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['::', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['fe80::1%eth0', 'forbidden'],
    ['fd00:ec2::254', 'forbidden'],
    ['ff02::1', 'forbidden'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['::ffff:a9fe:a9fe', 'forbidden'],
    ['64:ff9b::a9fe:a9fe', 'forbidden'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:a9fe:a9fe::1', 'forbidden'],
    ['2002:0808:0808::1', 'public'],
    ['not an address', 'forbidden'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });
});

describe('webhook URLs', () => {
  const strict = { allowPrivate: false };
  const lax = { allowPrivate: true };

  it('accepts public https URLs only, without credentials', () => {
    expect(urlProblem('https://hooks.example.com/etk', strict)).toBeUndefined();
    expect(urlProblem('https://93.184.216.34/x', strict)).toBeUndefined();
    expect(urlProblem('http://hooks.example.com/etk', strict)).toBe('not_https');
    expect(urlProblem('ftp://hooks.example.com/', strict)).toBe('invalid_url');
    expect(urlProblem('javascript:alert(1)', strict)).toBe('invalid_url');
    expect(urlProblem('not a url', strict)).toBe('invalid_url');
    expect(urlProblem('https://user:pass@hooks.example.com/', strict)).toBe('credentials');
  });

  it('refuses metadata, link-local and reserved addresses in every spelling, even when private ones are allowed', () => {
    for (const url of ['https://169.254.169.254/', 'https://2852039166/', 'https://0xa9.0xfe.0xa9.0xfe/', 'https://[::ffff:169.254.169.254]/', 'https://[fe80::1]/', 'https://0.0.0.0/', 'https://[64:ff9b::a9fe:a9fe]/']) {
      expect(urlProblem(url, strict), url).toBe('forbidden_address');
      expect(urlProblem(url, lax), url).toBe('forbidden_address');
    }
  });

  it('refuses loopback and private addresses unless allowed (then plain http too)', () => {
    for (const url of ['https://127.0.0.1/', 'https://localhost:8443/', 'https://api.localhost/', 'https://[::1]/', 'https://10.0.0.5/', 'https://192.168.0.10/', 'https://[fd12::1]/']) {
      expect(urlProblem(url, strict), url).toBe('private_address');
      expect(urlProblem(url, lax), url).toBeUndefined();
    }
    expect(urlProblem('http://127.0.0.1:8080/hook', lax)).toBeUndefined();
  });

  it('judges a host name by the addresses it resolves to', async () => {
    expect(await checkPublicUrl('https://localhost/', strict)).toBe('private_address');
    expect(await checkPublicUrl('https://no-such-host.invalid/', strict)).toBe('unresolvable');
  });

  it('refuses at connect time when the name resolves to a private address', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (allowPrivate: boolean) =>
      new Promise<string>((resolve) => {
        const req = http.get({ host: 'localhost', port, path: '/', lookup: publicOnlyLookup({ allowPrivate }) }, (res) => {
          res.resume();
          resolve(String(res.statusCode));
        });
        req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
    try {
      expect(await get(false)).toBe('EADDRNOTPUBLIC');
      expect(await get(true)).toBe('200');
    } finally {
      server.close();
    }
  });
});
