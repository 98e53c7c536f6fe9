import { afterEach, describe, expect, it } from 'vitest';
import { env } from '@/env';
import { sameOrigin } from './auth';

const original = env.TRUST_PROXY;
afterEach(() => {
  env.TRUST_PROXY = original;
});

const post = (headers: Record<string, string>) => new Request('http://internal:3000/api/auth/logout', { method: 'POST', headers });

describe('the CSRF origin check of cookie requests', () => {
  it('compares the Origin with the Host header', () => {
    env.TRUST_PROXY = '0';
    expect(sameOrigin(post({ origin: 'https://shop.example', host: 'shop.example' }))).toBe(true);
    expect(sameOrigin(post({ origin: 'https://evil.example', host: 'shop.example' }))).toBe(false);
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY: any client can send it to a server reached directly', () => {
    env.TRUST_PROXY = '0';
    expect(sameOrigin(post({ origin: 'https://evil.example', host: 'shop.example', 'x-forwarded-host': 'evil.example' }))).toBe(false);
    expect(sameOrigin(post({ origin: 'https://shop.example', host: 'internal:3000', 'x-forwarded-host': 'shop.example' }))).toBe(false);
  });

  it('trusts X-Forwarded-Host behind a reverse proxy (TRUST_PROXY=1)', () => {
    env.TRUST_PROXY = '1';
    expect(sameOrigin(post({ origin: 'https://shop.example', host: 'internal:3000', 'x-forwarded-host': 'shop.example' }))).toBe(true);
    expect(sameOrigin(post({ origin: 'https://evil.example', host: 'internal:3000', 'x-forwarded-host': 'shop.example' }))).toBe(false);
    expect(sameOrigin(post({ origin: 'https://shop.example', host: 'shop.example' }))).toBe(true);
  });

  it('lets reads through and refuses a cross-site request without an Origin', () => {
    expect(sameOrigin(new Request('http://x/api', { headers: { origin: 'https://evil.example' } }))).toBe(true);
    expect(sameOrigin(post({ 'sec-fetch-site': 'cross-site', host: 'shop.example' }))).toBe(false);
    expect(sameOrigin(post({ origin: 'not a url', host: 'shop.example' }))).toBe(false);
  });
});
