import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { announcements, discountCodes, notifications, payments, profiles, userPackages, users, watches } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { call } from '@/test/http';
import { setupWorld, makeUser, URLS } from '@/test/fixtures/world';
import { discoverRoutes, METHODS, type Method } from '@/test/fuzz/routes';
import { ROLES, ROUTES_WITHOUT_WRAPPER, TABLE, type Ids, type Role, type Statuses } from './table';
import { GET as platformList } from '@/app/api/platformlar/route';
import { GET as siteSettings } from '@/app/api/site-ayar/route';
import { POST as createIntent } from '@/app/api/payment/create-payment-intent/route';
import { POST as confirmCard } from '@/app/api/payment/test-card/confirm/route';
import { POST as confirmPayment } from '@/app/api/payment/confirm-payment/route';
import { POST as createTicket } from '@/app/api/tickets/route';
import { sendHandler } from '@/app/api/_lib/platform-routes';

const like = sendHandler('like');

/**
 * The access table (issues #10, #14): every API route × {visitor, user, another user, admin
 * account through the customer login, admin} with the status each must get. "user" is A, who owns
 * a real order, a real payment and a subscription; "other" is B, another customer asking for A's
 * things (IDOR); "adminPlain" is the admin account with a plain-login token, a customer outside
 * the admin area. The table is explicit: a route added without an entry fails the completeness
 * test, and so does an entry whose route is gone; a handler not made by route() fails too, unless
 * it is one of the justified ROUTES_WITHOUT_WRAPPER. Besides the status, nothing A owns may appear
 * in any answer to the visitor, to B or to the admin account's plain login.
 */

const w = setupWorld();
let ids: Ids;
let emailA = '';

async function tokenFor(role: Role): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  const id = role === 'user' ? ids.a : role === 'other' ? ids.b : ids.admin;
  const [row] = await w.t.db.select().from(users).where(eq(users.id, id));
  // adminPlain: the admin account signed in through the customer login (a user-kind token).
  return signToken(w.t.db, row!, role === 'admin' ? 'admin' : 'user');
}

beforeAll(async () => {
  const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
  const B = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
  const [admin] = await w.t.db.select().from(users).where(eq(users.rol, 'admin'));
  emailA = A.user.email;

  // A real order of A, through the API.
  const [profile] = await w.t.db.select().from(profiles).where(eq(profiles.platform, 'twitter')).limit(1);
  const sent = await call(like, { token: A.token, body: { profile_ids: [profile!.id], tweet_url: URLS.tweet } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);

  // A real, credited $10 top-up of A, through the API and the test card.
  const intent = await call(createIntent, { token: A.token, body: { type: 'balance', amount: 1000, cardholderName: 'Ayse A' } });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const intentId = intent.body.paymentIntentId as string;
  const card = await call(confirmCard, {
    token: A.token,
    body: { paymentIntentId: intentId, cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123', cardholderName: 'Ayse A' },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  const credited = await call(confirmPayment, { token: A.token, body: { paymentIntentId: intentId } });
  expect(credited.status, JSON.stringify(credited.body)).toBe(200);
  const [payment] = await w.t.db.select().from(payments).where(eq(payments.userId, A.user.id));
  const [subscription] = await w.t.db.select().from(userPackages).where(eq(userPackages.userId, A.user.id));

  const [announcement] = await w.t.db
    .insert(announcements)
    .values({ baslik: 'Duyuru', icerik: 'Metin', baslikEn: 'Notice', icerikEn: 'Text' })
    .returning();
  const [discount] = await w.t.db.insert(discountCodes).values({ kod: 'ACCESS10', indirimYuzdesi: 10, maksimumKullanim: 5, bitisTarihi: new Date(Date.now() + 30 * 86400_000) }).returning();

  // A's support tickets (one about the order) and a notification of A.
  const ticket = await call(createTicket, { token: A.token, body: { category: 'order', subject: 'Order question', message: 'Is it done?', order_id: sent.body.task_id } });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const toClose = await call(createTicket, { token: A.token, body: { category: 'other', subject: 'Another question', message: 'Hello' } });
  expect(toClose.status, JSON.stringify(toClose.body)).toBe(201);
  const [notification] = await w.t.db.insert(notifications).values({ userId: A.user.id, kind: 'order_ended', params: { service: 'like', success: 1, total: 1 } }).returning();

  // Issue #37: two watches of A (one to delete).
  const watchRow = { userId: A.user.id, platform: 'twitter' as const, account: 'someone', services: ['like'], profileIds: [profile!.id], delayMinMinutes: 0, delayMaxMinutes: 5, maxPostsPerDay: 5, endsAt: new Date(Date.now() + 86400_000) };
  const [watch, watchToDelete] = await w.t.db.insert(watches).values([watchRow, watchRow]).returning();

  ids = {
    a: A.user.id,
    b: B.user.id,
    admin: admin!.id,
    order: sent.body.task_id as string,
    paymentId: payment!.id,
    intentId,
    subscriptionId: subscription!.id,
    announcementId: announcement!.id,
    discountId: discount!.id,
    ticketId: (ticket.body.ticket as { id: number }).id,
    ticketToCloseId: (toClose.body.ticket as { id: number }).id,
    notificationId: notification!.id,
    watchId: watch!.id,
    watchToDeleteId: watchToDelete!.id,
  };
}, 120_000);

const discovered = discoverRoutes().flatMap((route) => {
  // Which methods a file exports is read from its source, so this list exists before any import.
  const source = fs.readFileSync(route.file, 'utf8');
  return METHODS.filter((m) => new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\b${m}\\b[^}]*\\}`).test(source)).map((m) => ({
    key: `${m} ${route.template}`,
    method: m,
    route,
  }));
});

describe('the access table', () => {
  it('has exactly one entry for every method of every API route', () => {
    const keys = discovered.map((d) => d.key).sort();
    expect(Object.keys(TABLE).sort()).toEqual(keys);
  });

  it('finds every handler made by route(), with the auth level the table lists, but the justified exceptions', async () => {
    const wrong: string[] = [];
    for (const { key, method, route } of discovered) {
      const mod = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      const handler = mod[method] as ((...args: unknown[]) => unknown) & { auth?: string };
      const listed = TABLE[key]?.auth;
      if (ROUTES_WITHOUT_WRAPPER[route.template]) {
        if (handler.auth !== undefined || (listed !== 'next-auth' && listed !== 'bare')) wrong.push(`${key}: listed as an exception but ${handler.auth ?? 'unwrapped'} / ${listed}`);
      } else if (handler.auth === undefined) wrong.push(`${key}: does not use route() (app/api/_lib/route.ts)`);
      else if (handler.auth !== listed) wrong.push(`${key}: declares auth '${handler.auth}', the table says '${listed}'`);
    }
    expect(wrong).toEqual([]);
    for (const template of Object.keys(ROUTES_WITHOUT_WRAPPER)) expect(discovered.some((d) => d.route.template === template), template).toBe(true);
  });

  it('shows the admin views of the optional routes to an admin session only, not to the admin account’s plain login', async () => {
    const endpoints = async (role: Role) => {
      const res = await call(platformList as never, { token: await tokenFor(role) });
      return (res.body.platformlar as Record<string, unknown>[]).some((p) => 'api_endpoints' in p);
    };
    expect(await endpoints('admin')).toBe(true);
    expect(await endpoints('adminPlain')).toBe(false);
    expect(await endpoints('user')).toBe(false);
    const settings = async (role: Role) => Object.keys((await call(siteSettings as never, { token: await tokenFor(role) })).body.site_ayar as object).sort();
    expect(await settings('adminPlain')).toEqual(await settings('user'));
    expect(await settings('admin')).not.toEqual(await settings('user'));
  });

  for (const { key, method, route } of discovered) {
    const test = TABLE[key]?.overHttp ? it.skip : it;
    test(`${key} answers each role as the table says and shows A’s things to nobody else`, async () => {
      const entry = TABLE[key];
      expect(entry, `no entry for ${key}: add it to TABLE`).toBeDefined();
      const mod = (await import(/* @vite-ignore */ route.file)) as Partial<Record<Method, (req: Request, ctx: unknown) => Promise<Response>>>;
      const handler = mod[method]!;
      const want = { visitor: entry!.visitor, user: entry!.user, other: entry!.other, adminPlain: entry!.adminPlain, admin: entry!.admin };
      const leaks: string[] = [];
      const markers = [ids.order, ids.intentId, emailA];
      // A row of one route file serving several concrete paths (the registry's) holds for each.
      for (const params of entry!.cases?.(ids) ?? [entry!.params?.(ids) ?? {}]) {
        let path = route.template;
        for (const [name, value] of Object.entries(params)) {
          path = path.replace(new RegExp(`\\[+(\\.\\.\\.)?${name}\\]+`), Array.isArray(value) ? value.join('/') : value);
        }
        const got = {} as Statuses;
        for (const role of ROLES) {
          const res = await call(handler as never, {
            method,
            path: path + (entry!.query ?? ''),
            token: await tokenFor(role),
            params,
            ...(entry!.body ? { body: entry!.body(ids) } : method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
          }).catch((err: unknown) => ({ status: 599, body: { error: String(err) }, headers: new Headers() }));
          got[role] = res.status;
          if (role === 'visitor' || role === 'other' || role === 'adminPlain') {
            const text = JSON.stringify(res.body);
            for (const m of markers) if (text.includes(m)) leaks.push(`${role} saw ${m} at ${path}`);
          }
        }
        expect(got, `${key} at ${path}`).toEqual(want);
      }
      expect(leaks, key).toEqual([]);
    }, 60_000);
  }
});
