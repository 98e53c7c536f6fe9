import { describe, expect, it } from 'vitest';
import { createSecurityHeaders, newNonce, parseSourceList, type SecurityConfig } from './security-headers';

const base: SecurityConfig = { dev: false, stripe: false, extra: { script: [], connect: [], img: [], frame: [] } };

/** The policy as a map of directive → sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it('puts the request nonce in script-src and the fixed protections in every set', () => {
    const nonce = newNonce();
    const h = createSecurityHeaders(base)(nonce);
    const d = directives(h['content-security-policy']!);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(d).not.toHaveProperty('upgrade-insecure-requests');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['permissions-policy']).toContain('camera=()');
    expect(h['permissions-policy']).toContain('microphone=()');
    expect(h['permissions-policy']).toContain('geolocation=()');
    expect(h['permissions-policy']).toContain('payment=()');
    expect(h).not.toHaveProperty('strict-transport-security');
  });

  it('gives every request its own unguessable nonce in the form Next.js reads', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const build = createSecurityHeaders(base);
    expect(build('a1')['content-security-policy']).not.toBe(build('b2')['content-security-policy']);
  });

  it('allows no Stripe host without Stripe keys, and exactly Stripe.js, its frames and its API with them', () => {
    const without = createSecurityHeaders(base)('n')['content-security-policy']!;
    expect(without).not.toContain('stripe');
    const d = directives(createSecurityHeaders({ ...base, stripe: true })('n')['content-security-policy']!);
    expect(d['script-src']).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(d['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(d['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(createSecurityHeaders({ ...base, stripe: true })('n')['permissions-policy']).toContain('payment=(self "https://js.stripe.com")');
  });

  it('turns on HSTS, upgrade-insecure-requests and the secure WebSocket for an https PUBLIC_URL only', () => {
    const secure = createSecurityHeaders({ ...base, publicUrl: 'https://panel.example.com' })('n');
    expect(secure['strict-transport-security']).toBe('max-age=31536000');
    const d = directives(secure['content-security-policy']!);
    expect(d).toHaveProperty('upgrade-insecure-requests');
    expect(d['connect-src']).toEqual(["'self'", 'wss://panel.example.com']);
    const plain = createSecurityHeaders({ ...base, publicUrl: 'http://localhost:3000' })('n');
    expect(plain).not.toHaveProperty('strict-transport-security');
    expect(directives(plain['content-security-policy']!)['connect-src']).toEqual(["'self'", 'ws://localhost:3000']);
  });

  it("allows 'unsafe-eval' in development only", () => {
    expect(createSecurityHeaders({ ...base, dev: true })('n')['content-security-policy']).toContain("'unsafe-eval'");
    expect(createSecurityHeaders(base)('n')['content-security-policy']).not.toContain('unsafe-eval');
  });

  it("adds the admin's analytics hosts from CSP_EXTRA_* to their directives", () => {
    const extra = {
      script: parseSourceList('CSP_EXTRA_SCRIPT_SRC', 'https://www.googletagmanager.com'),
      connect: parseSourceList('CSP_EXTRA_CONNECT_SRC', 'https://*.google-analytics.com  https://*.analytics.google.com'),
      img: parseSourceList('CSP_EXTRA_IMG_SRC', 'https://*.google-analytics.com'),
      frame: parseSourceList('CSP_EXTRA_FRAME_SRC', 'https://www.youtube-nocookie.com/embed/'),
    };
    const d = directives(createSecurityHeaders({ ...base, extra })('n')['content-security-policy']!);
    expect(d['script-src']).toContain('https://www.googletagmanager.com');
    expect(d['connect-src']).toEqual(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com']);
    expect(d['img-src']).toContain('https://*.google-analytics.com');
    expect(d['frame-src']).toContain('https://www.youtube-nocookie.com/embed/');
  });

  it('refuses CSP_EXTRA_* values that would weaken the policy instead of widening a host list', () => {
    for (const bad of ["'unsafe-inline'", 'https://a.example.com; script-src *', '*', 'https:', 'http://cdn.example.com', 'data:', 'https://a.example.com,https://b.example.com', "https://x.example.com'"]) {
      expect(() => parseSourceList('CSP_EXTRA_SCRIPT_SRC', bad), bad).toThrow(/CSP_EXTRA_SCRIPT_SRC/);
    }
    expect(parseSourceList('CSP_EXTRA_CONNECT_SRC', undefined)).toEqual([]);
    expect(parseSourceList('CSP_EXTRA_CONNECT_SRC', 'wss://live.example.com:8443')).toEqual(['wss://live.example.com:8443']);
  });
});
