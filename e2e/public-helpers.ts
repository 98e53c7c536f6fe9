import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { customerToken } from './auth';

/** Shared by the public-site journeys (e2e/public-*.spec.ts). */
export const LOCALES = ['tr', 'en', 'de'] as const;
export type Loc = (typeof LOCALES)[number];
export const BROWSER_LOCALE: Record<Loc, string> = { tr: 'tr-TR', en: 'en-GB', de: 'de-DE' };
export const prefix = (l: Loc) => (l === 'tr' ? '' : `/${l}`);

const catalogues = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${l}.json`), 'utf8')) as Record<string, unknown>]),
) as Record<Loc, Record<string, unknown>>;

/** A message of the app's catalogue with simple {name} arguments filled in. */
export function msg(l: Loc, key: string, args: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalogues[l]);
  if (typeof value !== 'string') throw new Error(`no message ${l}:${key}`);
  return value.replace(/\{(\w+)\}/g, (_, name: string) => String(args[name] ?? `{${name}}`));
}

/** A message as a regular expression, with every {argument} matching anything. */
export function msgPattern(l: Loc, key: string): RegExp {
  const value = msg(l, key);
  const parts = value.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.+?'));
}

export type Customer = { email: string; password: string; token: string; id: number };

/** A new customer with the first package on every platform, made through the admin API. */
export async function createCustomer(request: APIRequestContext, admin: string, label: string, options: { packages?: boolean } = {}): Promise<Customer> {
  const email = `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'secret-e2e-1';
  const auth = { authorization: `Bearer ${admin}` };
  const created = await request.post('/api/users', {
    headers: auth,
    data: { ad: 'E2E Müşteri', ad_soyad: 'E2E Müşteri', email, telefon: '+905551112233', meslek: 'Influencer', sifre: password, rol: 'user' },
  });
  const user = await created.json();
  expect(user, JSON.stringify(user)).toMatchObject({ success: true });
  if (options.packages !== false) {
    const packages = await (await request.get('/api/paketler')).json();
    const paket = packages.paketler[0];
    const assigned = await request.post('/api/kullanici-paketleri', {
      headers: auth,
      data: { kullanici_id: user.kullanici.id, paket_id: paket.id, platform: 'twitter,instagram,youtube' },
    });
    expect(assigned.ok(), await assigned.text()).toBe(true);
  }
  return { email, password, token: await customerToken(request, { email, password }), id: user.kullanici.id };
}

/** Tops up a customer's balance through the payments test mode with Stripe's 4242 test card. */
export async function topUp(request: APIRequestContext, customer: Customer, cents: number): Promise<void> {
  const auth = { authorization: `Bearer ${customer.token}` };
  const intent = await (await request.post('/api/payment/create-payment-intent', { headers: auth, data: { type: 'balance', amount: cents, cardholderName: 'E2E Test' } })).json();
  expect(intent, JSON.stringify(intent)).toMatchObject({ success: true });
  const card = await request.post('/api/payment/test-card/confirm', {
    headers: auth,
    data: { paymentIntentId: intent.paymentIntentId, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });
  expect(card.ok(), await card.text()).toBe(true);
  const confirmed = await (await request.post('/api/payment/confirm-payment', { headers: auth, data: { paymentIntentId: intent.paymentIntentId } })).json();
  expect(confirmed, JSON.stringify(confirmed)).toMatchObject({ success: true });
}

/** Makes the simulated provider succeed for every profile, slowly enough to see the pending badge. */
export async function reliableProvider(request: APIRequestContext): Promise<void> {
  const res = await request.post('/sim-provider/_control', { data: { failRate: 0, minDelayMs: 1500, maxDelayMs: 2500, mode: 'normal' } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Puts the simulated provider back to its defaults (other journeys share the server). */
export async function defaultProvider(request: APIRequestContext): Promise<void> {
  await request.post('/sim-provider/_control', { data: { failRate: 0.1, minDelayMs: 300, maxDelayMs: 1500, mode: 'normal' } });
}


const RUN = String(Date.now() % 1e10);
const RUN36 = Date.now().toString(36);
/**
 * A target of this test process: one profile acts once per target and service (issue #17), and all
 * specs of a run share one database, so a journey that sends uses targets no other journey (nor its
 * own retry, which runs in a new worker) uses. `n` tells a journey's targets apart.
 */
export function e2eTarget(kind: 'tweet' | 'reel' | 'video' | 'channel', n: number): string {
  switch (kind) {
    case 'tweet':
      return `https://x.com/etkilesim/status/${RUN}${String(n).padStart(3, '0')}`;
    case 'reel':
      return `https://www.instagram.com/reel/E2e${RUN}x${n}/`;
    case 'video':
      return `https://www.youtube.com/watch?v=${`${RUN36}v${n}`.padStart(11, 'x').slice(-11)}`;
    case 'channel':
      return `https://www.youtube.com/@e2e${RUN36}${n}`;
  }
}

/**
 * The profile checkboxes of a service page once every card is on it: the page comes with the first
 * cards and adds the rest when the browser is idle (components/service/profile-list.tsx).
 */
export async function allProfileBoxes(page: Page) {
  await expect(page.locator('[data-profile-list][data-complete]')).toHaveCount(1);
  return page.locator('[data-profile-list]').getByRole('checkbox');
}

type Json = Record<string, unknown>;

/** The site settings as an admin reads them, after saving `body` first when given (a journey changes them and puts them back). */
export async function siteSettings(request: APIRequestContext, admin: string, body?: Json): Promise<Json> {
  const auth = { authorization: `Bearer ${admin}` };
  if (body) {
    const res = await request.put('/api/site-ayar', { headers: auth, data: body });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return ((await (await request.get('/api/site-ayar', { headers: auth })).json()) as { site_ayar: Json }).site_ayar;
}

/** The words of a message after its leading `{count, plural, …}` up to the next argument: the part every count shares. */
export const afterPlural = (text: string) => text.replace(/^\{count, plural, one \{[^}]*\} other \{[^}]*\}\}/, '').split('{')[0]!.trim();

/** The page does not scroll sideways at this width. */
export const noSideScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
