import { describe, expect, it } from 'vitest';
import { classifyAddress, endpointUrlProblem } from './address-policy';

describe('provider address classes', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'reserved'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.100.100.200', 'private'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'reserved'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'reserved'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:db8:0:0:0:0:0:1', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('does not take host names or malformed addresses for addresses', () => {
    for (const text of ['example.com', '1.2.3', '1.2.3.256', '1::2::3', '12345::', 'localhost', '']) expect(classifyAddress(text)).toBeUndefined();
  });
});

describe('endpoint URLs an admin may save', () => {
  const strict = { allowPrivate: false };
  const lax = { allowPrivate: true };

  it('accepts public hosts and names (names are checked again after DNS at call time)', () => {
    expect(endpointUrlProblem('https://provider.example.com/like', strict)).toBeUndefined();
    expect(endpointUrlProblem('http://93.184.216.34/x', strict)).toBeUndefined();
  });

  it('refuses metadata and link-local addresses in every spelling, even with private addresses allowed', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/latest/meta-data/', // the same address as one decimal number
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fe80::1]/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://0.0.0.0:3000/',
    ]) {
      expect(endpointUrlProblem(url, strict), url).toBe('forbidden_address');
      expect(endpointUrlProblem(url, lax), url).toBe('forbidden_address');
    }
  });

  it('refuses loopback and private addresses unless they are allowed', () => {
    for (const url of ['http://127.0.0.1:5432/', 'http://localhost:6379/', 'http://api.localhost/', 'http://[::1]/', 'http://10.0.0.5/send', 'http://192.168.0.10/', 'http://[fd12::1]/']) {
      expect(endpointUrlProblem(url, strict), url).toBe('forbidden_address');
      expect(endpointUrlProblem(url, lax), url).toBeUndefined();
    }
  });

  it('always allows the built-in simulator on loopback, and only there', () => {
    expect(endpointUrlProblem('http://127.0.0.1:3000/sim-provider/twitter/like', strict)).toBeUndefined();
    expect(endpointUrlProblem('http://localhost:3000/sim-provider/twitter/like', strict)).toBeUndefined();
    expect(endpointUrlProblem('http://10.0.0.5/sim-provider/twitter/like', strict)).toBe('forbidden_address');
    expect(endpointUrlProblem('http://169.254.169.254/sim-provider/x', strict)).toBe('forbidden_address');
    expect(endpointUrlProblem('http://127.0.0.1:3000/sim-provider/../admin', strict)).toBe('forbidden_address');
  });

  it('calls anything else an invalid URL', () => {
    expect(endpointUrlProblem('ftp://example.com/', strict)).toBe('invalid_url');
    expect(endpointUrlProblem('not a url', strict)).toBe('invalid_url');
  });
});
