import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import postgres from 'postgres';
import { tcpSwitch } from '../test/tcp-switch';
import { loginAsCustomer } from './auth';
import { BROWSER_LOCALE, msg } from './public-helpers';
import { serving, spawnServer, type ServerProcess } from './server-process';

/**
 * Pages while the database is out of reach (server/outage-page.ts): the built server on a fresh
 * PostgreSQL database reached through a relay the test cuts. Before, every page waited for the
 * database for as long as it was away; now a visitor gets the public page as last rendered, anyone
 * else a short 503 page in their language, and the tab comes back by itself when the database does.
 */

const base = process.env.TEST_DATABASE_URL;
const PORT = Number(process.env.OUTAGE_PORT ?? 3730);
const url = `http://127.0.0.1:${PORT}`;

test.describe('pages while the database is away', () => {
  let node: ServerProcess | undefined;
  let relay: Awaited<ReturnType<typeof tcpSwitch>> | undefined;
  let dbName = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (!base) throw new Error('TEST_DATABASE_URL is not set: the outage test needs a real PostgreSQL server (npm test starts one when the server binaries are installed).');
    dbName = `etk_outage_${crypto.randomBytes(5).toString('hex')}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const target = new URL(base);
    relay = await tcpSwitch({ host: target.hostname, port: Number(target.port) });
    const through = new URL(base);
    through.port = String(relay.port);
    through.pathname = `/${dbName}`;
    node = spawnServer({
      port: PORT,
      env: {
        DATABASE_URL: through.toString(),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'etk-outage-')),
        SEED_DEMO: '1',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'outage-admin-pass',
        // Kept renders expire at once, so what the visitor gets during the outage is an expired one.
        PAGE_CACHE_SECONDS: '1',
        // The debug level says when the first profile sync is done (below).
        LOG_LEVEL: 'debug',
      },
    });
    await serving(node, { path: '/api/health' });
    // The first profile sync (a second after the start, one pass per platform) may change the
    // list and so end every kept render, as an admin's change does: the visitor's page is
    // rendered after it.
    await expect.poll(() => (node!.output().match(/"msg":"profiles synced"/g) ?? []).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  });

  test.afterAll(async () => {
    await node?.stop();
    await relay?.close();
    if (base && dbName) {
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  test('a visitor keeps the public page, a customer gets a 503 page in their language, and the tab returns by itself', async ({ browser }) => {
    test.setTimeout(120_000);
    const visitor = await (await browser.newContext({ baseURL: url, locale: BROWSER_LOCALE.en })).newPage();
    const customerContext = await browser.newContext({ baseURL: url, locale: BROWSER_LOCALE.de, viewport: { width: 390, height: 844 } });
    const customer = await customerContext.newPage();

    // Before: the visitor reads a service page (kept by the page cache), the customer their settings.
    expect((await visitor.goto('/en/service/retweet'))?.status()).toBe(200);
    const heading = visitor.getByRole('heading', { level: 1 });
    const serviceHeading = (await heading.textContent()) ?? '';
    expect(serviceHeading).toContain('Twitter');
    const email = `outage-${Date.now()}@example.com`;
    const registered = await customer.request.post('/api/auth/register', { data: { ad_soyad: 'Outage Kunde', email, telefon: '+905321234567', meslek: 'Diğer', sifre: 'outage-pass-1' } });
    expect(registered.ok(), await registered.text()).toBe(true);
    await loginAsCustomer(customer, { email, password: 'outage-pass-1' });
    expect((await customer.goto('/de/panel/settings'))?.status()).toBe(200);
    const settingsHeading = (await customer.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(settingsHeading).not.toBe('');

    // The database goes away. Within seconds the node knows (its health check says so) and stops
    // sending pages to Next.js, whose renders would wait for the database.
    await relay!.cut();
    // A page the cache never keeps (the cookie), so its answer is the node's, not a kept render.
    const status = (path: string) =>
      fetch(`${url}${path}`, { headers: { accept: 'text/html', cookie: 'probe=1' }, signal: AbortSignal.timeout(2500) }).then(
        (res) => res.status,
        () => 'no answer yet',
      );
    // From the first moment: the customer's page, which reads their session from the database on
    // every request, fails before the node knows, and gets the outage page too
    // (server/outage-page.ts), never Next's 500.
    const seen: (number | string)[] = [];
    await expect
      .poll(
        async () => {
          const answer = await customer.request.get('/de/panel/settings', { headers: { accept: 'text/html' }, timeout: 2500, maxRedirects: 0 }).then(
            (res) => res.status(),
            () => 'no answer yet',
          );
          seen.push(answer);
          return answer;
        },
        { timeout: 20_000, intervals: [100] },
      )
      .toBe(503);
    expect(seen.filter((answer) => answer !== 200 && answer !== 503 && answer !== 'no answer yet')).toEqual([]);
    await expect.poll(() => status('/api/health'), { timeout: 20_000 }).toBe(503);
    await expect.poll(() => status('/de/privacy'), { timeout: 20_000 }).toBe(503);

    // The visitor: the service page as last rendered, from the page cache although it has expired.
    const kept = await visitor.goto('/en/service/retweet');
    expect(kept?.status()).toBe(200);
    expect(kept?.headers()['x-etk-page-cache']).toBe('stale');
    await expect(heading).toHaveText(serviceHeading);
    // A page never rendered before: the outage page, in English, answered while the database is away.
    const fresh = await visitor.goto('/en/privacy');
    expect(fresh?.status()).toBe(503);
    expect(fresh?.headers()['retry-after']).toBe('5');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'Outage.title'));

    // The customer's own page cannot be kept for anyone: the outage page, in German, on a phone.
    const own = await customer.reload();
    expect(own?.status()).toBe(503);
    expect(own?.headers()['cache-control']).toBe('no-store');
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(msg('de', 'Outage.title'));
    await expect(customer.getByRole('alert')).toContainText(msg('de', 'Outage.body'));
    await expect(customer.getByRole('link', { name: msg('de', 'Outage.retry') })).toBeVisible();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A crawler asking for the sitemap (it reads the platforms) is told to come back later.
    expect((await fetch(`${url}/sitemap.xml`)).status).toBe(503);
    // Sends and other API calls are refused at once too (the route wrapper), with the reason.
    const send = await customer.request.post('/api/twitter/like', { data: { profile_ids: [1], tweet_url: 'https://x.com/a/status/1790000000000000001' } });
    expect(send.status()).toBe(503);
    expect(await send.json()).toMatchObject({ success: false, code: 'TEMPORARILY_UNAVAILABLE' });

    // The database returns: the customer's tab reloads itself into their settings, with no click.
    await relay!.restore();
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(settingsHeading, { timeout: 30_000 });
    await customerContext.close();
    await visitor.context().close();
  });
});
