import 'server-only';
import crypto from 'node:crypto';

/**
 * The security headers of every response (issue #14): pages, API answers, Next's static files,
 * error pages, /socket.io/ and the page cache's stored pages. server.ts sets them before anything
 * else answers; docs/decisions.md "Security headers" explains each choice.
 */
export type SecurityConfig = {
  /** Development server: React needs 'unsafe-eval' for its error overlay. */
  dev: boolean;
  /** PUBLIC_URL, when set: an https one turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string;
  /** Stripe keys are set (lib/domain/payments activeProviderName): Stripe.js and its frames are allowed. */
  stripe: boolean;
  /** CSP_EXTRA_* hosts an admin allows for the analytics snippet in head_etiketleri. */
  extra: { script: string[]; connect: string[]; img: string[]; frame: string[] };
};

// docs.stripe.com/security/guide#content-security-policy (Card Element; no maps, no wallets UI).
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** A fresh script nonce: 128 random bits, base64 (the form Next.js reads from the policy). */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/**
 * One source of a CSP_EXTRA_* list: a scheme-qualified host source (`https://cdn.example.com`,
 * `https://*.example.com:443/path/`). Keywords, bare schemes and anything that could end the
 * directive (quotes, `;`, `,`) are refused, so the setting can widen a list but never add
 * 'unsafe-inline' or a new directive.
 */
export const CSP_SOURCE = /^(?:https|wss):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:\/[A-Za-z0-9._~%!$&()*+=:@/-]*)?$/i;

/** A space-separated CSP_EXTRA_* value as a list; throws on a source CSP_SOURCE refuses. */
export function parseSourceList(name: string, value: string | undefined): string[] {
  const list = (value ?? '').split(/\s+/).filter(Boolean);
  const bad = list.find((s) => !CSP_SOURCE.test(s));
  if (bad) throw new Error(`${name}: "${bad}" is not an https:// or wss:// host source`);
  return list;
}

function originOf(url: string | undefined): URL | undefined {
  try {
    return url ? new URL(url) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the header set once; the returned function adds a request's nonce. The policy:
 * scripts only with the nonce ('strict-dynamic' lets them load their own chunks, Stripe.js and an
 * analytics loader); styles from the app plus inline ones (React, Radix and sonner set style
 * attributes and a style element; a nonce would turn 'unsafe-inline' off); images from anywhere
 * over https (the admin's logo and favicon may be absolute https URLs, §3); connections to this
 * site and its WebSocket; no plugins, no <base>, forms only to this site, and no framing at all.
 */
export function createSecurityHeaders(config: SecurityConfig): (nonce: string) => Record<string, string> {
  const site = originOf(config.publicUrl);
  const https = site?.protocol === 'https:';
  const socket = site ? [`${https ? 'wss' : 'ws'}://${site.host}`] : [];
  const stripe = config.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  const join = (...lists: string[][]) => [...new Set(lists.flat())].join(' ');

  const before = `default-src 'self'; script-src 'self' 'nonce-`;
  const after = [
    `' 'strict-dynamic'${config.dev ? " 'unsafe-eval'" : ''}${stripe.script.length || config.extra.script.length ? ` ${join(stripe.script, config.extra.script)}` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${join(["'self'", 'data:', 'blob:', 'https:'], config.extra.img)}`,
    `font-src 'self' data:`,
    `connect-src ${join(["'self'"], socket, stripe.connect, config.extra.connect)}`,
    `frame-src ${join(["'self'"], stripe.frame, config.extra.frame)}`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

  const fixed: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': [
      'accelerometer=()',
      'camera=()',
      'display-capture=()',
      'geolocation=()',
      'gyroscope=()',
      'magnetometer=()',
      'microphone=()',
      config.stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
      'usb=()',
    ].join(', '),
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };

  return (nonce) => ({ 'content-security-policy': `${before}${nonce}${after}`, ...fixed });
}
