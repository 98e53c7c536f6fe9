import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { io as connect, type Socket } from 'socket.io-client';
import { adminToken, signInBrowser } from './auth';
import { createCustomer, e2eTarget, msg, topUp } from './public-helpers';

/**
 * The orders engine through the running app (server.ts: Next routes, pg-boss worker, simulated
 * provider, Socket.IO): every service completes live, and a server killed mid-order ends it once.
 */
type Update = { operation: string; task_id: string; status: string; result: { profile_id: number; result: string }[]; success_count: number; total_count: number };

const TARGETS = {
  tweet: e2eTarget('tweet', 1),
  otherTweet: e2eTarget('tweet', 2),
  scheduledTweet: e2eTarget('tweet', 3),
  reel: e2eTarget('reel', 1),
  video: e2eTarget('video', 1),
  channel: e2eTarget('channel', 1),
};

async function profiles(request: APIRequestContext, base: string, platform: string): Promise<{ id: number; followers_count: number }[]> {
  for (let i = 0; i < 40; i++) {
    const body = await (await request.get(`${base}/api/${platform}/profiles`)).json();
    if (body.profiles?.length) return body.profiles;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no ${platform} profiles`);
}

function socket(base: string, token: string): Promise<Socket> {
  const s = connect(base, { path: '/socket.io/', transports: ['websocket'], reconnection: false, query: { token } });
  return new Promise((resolve, reject) => {
    s.once('authenticated', () => resolve(s));
    s.once('auth_error', reject);
    s.once('connect_error', reject);
  });
}

test('a customer sends all 12 services and sees each complete live; limits, balance, history and statistics follow', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  await request.post('/sim-provider/_control', { data: { reset: true, mode: 'normal', failRate: 0, minDelayMs: 100, maxDelayMs: 600 } });
  const admin = await adminToken(request);
  const customer = await createCustomer(request, admin, 'orders-engine');
  const other = await createCustomer(request, admin, 'orders-other');
  await topUp(request, customer, 5000);
  const auth = { authorization: `Bearer ${customer.token}` };

  const tw = (await profiles(request, base, 'twitter')).slice(0, 2);
  const ig = (await profiles(request, base, 'instagram')).slice(0, 2).map((p) => p.id);
  const yt = (await profiles(request, base, 'youtube')).slice(0, 2).map((p) => p.id);
  const twIds = tw.map((p) => p.id);

  const mine = await socket(base, customer.token);
  const theirs = await socket(base, other.token);
  const leaked: Update[] = [];
  theirs.on('operation_update', (u: Update) => leaked.push(u));
  const completed = new Map<string, Update>();
  mine.on('operation_update', (u: Update) => {
    if (u.status === 'completed') completed.set(u.task_id, u);
  });

  const balanceBefore = (await (await request.get('/api/bakiye/kullanici-bakiye', { headers: auth })).json()).bakiye as number;
  const sends: [string, Record<string, unknown>][] = [
    ['twitter/retweet', { profile_ids: twIds, tweet_url: TARGETS.tweet }],
    ['twitter/like', { profile_ids: twIds, tweet_url: TARGETS.tweet }],
    ['twitter/bookmark', { profile_ids: twIds, tweet_url: TARGETS.tweet }],
    ['twitter/comment', { profile_ids: twIds, tweet_url: TARGETS.tweet, prompt: 'Kısa ve samimi' }],
    ['twitter/new-tweet', { profile_ids: twIds, tweet_text: 'Merhaba dünya', quote_tweet_url: '' }],
    ['instagram/reels-comment', { profile_ids: ig, reels_url: TARGETS.reel, prompt: 'Harika' }],
    ['instagram/reels-like', { profile_ids: ig, reels_url: TARGETS.reel }],
    ['instagram/reels-share', { profile_ids: ig, reels_url: TARGETS.reel }],
    ['instagram/reels-bookmark', { profile_ids: ig, reels_url: TARGETS.reel }],
    ['youtube/like', { profile_ids: yt, youtube_url: TARGETS.video }],
    ['youtube/comment', { profile_ids: yt, youtube_url: TARGETS.video, prompt: 'Süper' }],
    ['youtube/subscribe', { profile_ids: yt, youtube_url: TARGETS.channel }],
  ];
  const tasks: string[] = [];
  for (const [route, data] of sends) {
    const res = await request.post(`/api/${route}`, { headers: auth, data });
    const body = await res.json();
    expect(body, `${route}: ${JSON.stringify(body)}`).toMatchObject({ success: true, task_id: expect.any(String) });
    tasks.push(body.task_id);
  }
  await expect.poll(() => tasks.filter((t) => completed.has(t)).length, { timeout: 60_000 }).toBe(12);
  for (const t of tasks) expect(completed.get(t)).toMatchObject({ success_count: 2, total_count: 2 });
  expect(leaked).toEqual([]);

  // The same profiles cannot like the same tweet again (issue #17), whoever asks; another tweet
  // within the cooldown is refused with the remaining seconds.
  const twice = await request.post('/api/twitter/like', { headers: auth, data: { profile_ids: twIds, tweet_url: TARGETS.tweet } });
  expect(twice.status()).toBe(409);
  expect(await twice.json()).toMatchObject({ success: false, code: 'ALREADY_DONE', profile_ids: [...twIds].sort((a, b) => a - b) });
  const again = await (await request.post('/api/twitter/like', { headers: auth, data: { profile_ids: twIds, tweet_url: TARGETS.otherTweet } })).json();
  expect(again).toMatchObject({ success: false, code: 'COOLDOWN_ACTIVE', remainingSeconds: expect.any(Number) });

  const status = await (await request.get(`/api/operations/${tasks[4]}`, { headers: auth })).json();
  expect(status).toMatchObject({ success: true, task_id: tasks[4], status: 'completed', operation: 'new_tweet', success_count: 2, total_count: 2 });
  expect((await request.get(`/api/operations/${tasks[4]}`, { headers: { authorization: `Bearer ${other.token}` } })).status()).toBe(404);

  const balanceAfter = (await (await request.get('/api/bakiye/kullanici-bakiye', { headers: auth })).json()).bakiye as number;
  expect(balanceAfter).toBeCloseTo(balanceBefore - status.bakiye_harcanan, 2);
  expect(status.bakiye_harcanan).toBeGreaterThan(0);

  const limits = await (await request.get('/api/users/limits/me?service=like', { headers: auth })).json();
  expect(limits.limitInfo.hizmet_detaylari.like.kullanilan).toBe(1);
  const history = await (await request.get('/api/users/transactions/me?service=reels_like', { headers: auth })).json();
  expect(history.transactions).toEqual([expect.objectContaining({ id: tasks[6], durum: 'basarili', profil_sayisi: 2 })]);
  const stats = await (await request.get('/api/islem-gecmisi/stats/benim/platform/youtube', { headers: auth })).json();
  expect(stats.stats).toMatchObject({ toplam_islem: 3, basarili_islem: 3, basarisiz_islem: 0 });
  mine.close();
  theirs.close();
});

test('a customer schedules a like for later on the service page, sees it scheduled in the panel and cancels it', async ({ page, request }) => {
  const admin = await adminToken(request);
  const customer = await createCustomer(request, admin, 'orders-scheduled');
  await signInBrowser(page, customer.token);
  await page.goto('/service/like');
  await page.locator('[data-profile-list]').getByRole('checkbox').nth(0).check();
  await page.getByLabel(msg('tr', 'ServicePage.tweetUrl')).fill(TARGETS.scheduledTweet);
  await page.getByLabel(msg('tr', 'ServicePage.when')).selectOption('at');
  // Two days ahead at 10:30 in the browser's own zone.
  const at = new Date(Date.now() + 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByLabel(msg('tr', 'ServicePage.startAt')).fill(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T10:30`);
  await page.getByLabel(msg('tr', 'ServicePage.spreadOver')).selectOption('60');
  const sent = page.waitForResponse((r) => r.url().includes('/api/twitter/like') && r.request().method() === 'POST');
  await page.getByRole('button', { name: msg('tr', 'ServicePage.send'), exact: true }).click();
  const body = await (await sent).json();
  expect(body).toMatchObject({ success: true, task_id: expect.any(String) });
  const op = await (await request.get(`/api/operations/${body.task_id}`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
  expect(op).toMatchObject({ order_status: 'scheduled', durum: 'zamanlandi', spread_minutes: 60 });
  expect(new Date(op.start_at).getHours()).toBe(10);

  await page.goto('/panel/statistics?platform=twitter');
  const row = page.getByTestId('transaction-row').first();
  await expect(row.locator('[data-durum]')).toHaveText(msg('tr', 'Status.order.zamanlandi'));
  await row.getByRole('button', { name: /iptal et/i }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: msg('tr', 'Panel.statistics.cancelConfirm') }).click();
  await expect(row.locator('[data-durum]')).toHaveText(msg('tr', 'Status.order.iptal'));
  const after = await (await request.get(`/api/operations/${body.task_id}`, { headers: { authorization: `Bearer ${customer.token}` } })).json();
  expect(after).toMatchObject({ order_status: 'cancelled', durum: 'iptal' });
  const limits = await (await request.get('/api/users/limits/me?service=like', { headers: { authorization: `Bearer ${customer.token}` } })).json();
  expect(limits.limitInfo.hizmet_detaylari.like.kullanilan).toBe(0);
});

/** Starts the built server on its own port and data folder; resolves once it serves requests. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, TSX_TSCONFIG_PATH: 'tsconfig.server.json', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'admin-e2e-password' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/platformlar`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${out}`);
}

test('killing the server mid-order and starting it again ends the order exactly once', async ({ playwright }) => {
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + 1;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'etk-orders-kill-'));
  let proc = await startServer(dataDir, port);
  const request = await playwright.request.newContext({ baseURL: base });
  try {
    const admin = await adminToken(request);
    const customer = await createCustomer(request, admin, 'kill');
    await topUp(request, customer, 5000);
    const auth = { authorization: `Bearer ${customer.token}` };
    const tw = (await profiles(request, base, 'twitter')).slice(0, 3).map((p) => p.id);
    // Slow profiles, half of them failing: the order is still running when the server dies.
    await request.post('/sim-provider/_control', { data: { failRate: 0.5, minDelayMs: 6000, maxDelayMs: 8000 } });
    const sent = await (await request.post('/api/twitter/new-tweet', { headers: auth, data: { profile_ids: tw, tweet_text: 'kill -9' } })).json();
    expect(sent).toMatchObject({ success: true });
    await expect
      .poll(async () => (await (await request.get(`/api/operations/${sent.task_id}`, { headers: auth })).json()).order_status, { timeout: 20_000 })
      .toBe('processing');
    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('exit', r));

    proc = await startServer(dataDir, port);
    await request.post('/sim-provider/_control', { data: { failRate: 0.5, minDelayMs: 100, maxDelayMs: 300 } });
    // The dead worker's claim lapses (30 s heartbeat); the new worker resends with the same key and ends the order.
    await expect
      .poll(async () => (await (await request.get(`/api/operations/${sent.task_id}`, { headers: auth })).json()).status, { timeout: 150_000, intervals: [2000] })
      .toBe('completed');
    const op = await (await request.get(`/api/operations/${sent.task_id}`, { headers: auth })).json();
    const balance = (await (await request.get('/api/bakiye/kullanici-bakiye', { headers: auth })).json()).bakiye as number;
    const history = await (await request.get('/api/users/transactions/me?service=new_tweet', { headers: auth })).json();
    expect(history.transactions).toHaveLength(1);
    // Paid once, refunded at most once: the balance is the top-up minus what the order kept.
    expect(balance).toBeCloseTo(50 - op.bakiye_harcanan, 2);
    expect(op.success_count + op.result.filter((r: { result: string }) => r.result === 'failed').length).toBe(3);
  } finally {
    await request.dispose();
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
