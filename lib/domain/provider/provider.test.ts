import { describe, expect, it } from 'vitest';
import { withSimServer } from '@/test/fixtures/sim-server';
import { createProviderClient, ProviderError } from './index';
import { taskSchema } from './contract';
import { configureSim, simProfiles, simStats, SIM_PROFILES_PER_PLATFORM } from './sim';
import { NEW_TWEET_TIERS, profilePriceCents } from '@/lib/domain/pricing';

const sim = withSimServer({ minDelayMs: 10, maxDelayMs: 40, failRate: 0.2 });

const client = () => createProviderClient({ timeoutMs: 500, retries: 2, backoffMs: 10 });
const body = (order_id: string, profile_ids = ['tw_1001', 'tw_1002', 'tw_1003']) => ({ order_id, service: 'like', profile_ids, target_url: 'https://x.com/a/status/1' });

describe('the simulated provider', () => {
  it('lists about 60 profiles per platform with realistic handles, across every §9 price tier', async () => {
    for (const platform of ['twitter', 'instagram', 'youtube'] as const) {
      const list = await client().listProfiles(`${sim.base()}/${platform}/profile_list`);
      expect(list).toHaveLength(SIM_PROFILES_PER_PLATFORM);
      expect(new Set(list.map((p) => p.username)).size).toBe(list.length);
      expect(list.every((p) => /^[a-z0-9._]{3,40}$/.test(p.username))).toBe(true);
      const tiers = new Set(list.map((p) => profilePriceCents(p.followers)));
      expect(tiers.size).toBe(NEW_TWEET_TIERS.length);
      expect(list.some((p) => p.status === 'inactive')).toBe(true);
    }
    // The same list on every start.
    expect(simProfiles('twitter')[0]).toEqual((await client().listProfiles(`${sim.base()}/twitter/profile_list`))[0]);
  });

  it('treats the order id as idempotency key: a repeated send returns the same task', async () => {
    const first = await client().send(`${sim.base()}/twitter/like`, body('order-1'));
    const again = await client().send(`${sim.base()}/twitter/like`, body('order-1'));
    expect(again.task_id).toBe(first.task_id);
    expect(simStats().tasksCreated).toBe(1);
    // The same key with another request is refused, never a second task.
    await expect(client().send(`${sim.base()}/twitter/like`, body('order-1', ['tw_1004']))).rejects.toMatchObject({ kind: 'rejected', status: 422 });
  });

  it('reports the target’s start count (1.2): fixed by the link, then where the earlier tasks on it ended; off, it is a 1.1 provider', async () => {
    configureSim({ failRate: 0 });
    const first = await client().send(`${sim.base()}/twitter/like`, body('count-1'));
    expect(first.start_count).toEqual(expect.any(Number));
    expect(first.start_count).toBeGreaterThanOrEqual(0);
    // The same answer by islem_durumu, and a second task on the target starts after the first's three likes.
    expect((await client().status(`${sim.base()}/twitter/islem_durumu`, first.task_id, 'count-1')).start_count).toBe(first.start_count);
    const second = await client().send(`${sim.base()}/twitter/like`, body('count-2', ['tw_1004', 'tw_1005']));
    expect(second.start_count).toBe(first.start_count! + 3);
    // Another service on the same target counts on its own; a new tweet has no target and no count.
    const retweet = await client().send(`${sim.base()}/twitter/retweet`, { ...body('count-3'), service: 'retweet' });
    expect(retweet.start_count).not.toBe(second.start_count);
    expect((await client().send(`${sim.base()}/twitter/new_tweet`, { order_id: 'count-4', service: 'new_tweet', profile_ids: ['tw_1001'], text: 'Merhaba' })).start_count).toBeUndefined();
    configureSim({ startCount: false });
    expect((await client().send(`${sim.base()}/twitter/like`, body('count-5', ['tw_1006']))).start_count).toBeUndefined();
  });

  it('finishes every profile after its delay and reports the outcome by islem_durumu', async () => {
    const task = await client().send(`${sim.base()}/twitter/like`, body('order-2', ['tw_1001', 'tw_1002', 'nobody']));
    expect(task.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 60));
    const done = await client().status(`${sim.base()}/twitter/islem_durumu`, task.task_id, 'order-2');
    expect(['completed', 'failed']).toContain(done.status);
    expect(done.results.find((r) => r.profile_id === 'nobody')).toMatchObject({ result: 'failed', error: 'unknown_profile' });
    await expect(client().status(`${sim.base()}/twitter/islem_durumu`, 'no-such-task', 'x')).rejects.toMatchObject({ kind: 'rejected', status: 404 });
  });

  it('is reproducible: the same seed gives the same outcomes, another seed other ones', async () => {
    const ids = simProfiles('twitter').filter((p) => p.status === 'active').slice(0, 30).map((p) => p.id);
    configureSim({ minDelayMs: 0, maxDelayMs: 0, failRate: 0.5 });
    const a = await client().send(`${sim.base()}/twitter/like`, body('order-3', ids));
    configureSim({ reset: true, minDelayMs: 0, maxDelayMs: 0, failRate: 0.5 });
    const b = await client().send(`${sim.base()}/twitter/like`, body('order-3', ids));
    expect(b.results).toEqual(a.results);
    configureSim({ reset: true, minDelayMs: 0, maxDelayMs: 0, failRate: 0.5, seed: 'other' });
    const c = await client().send(`${sim.base()}/twitter/like`, body('order-3', ids));
    expect(c.results).not.toEqual(a.results);
  });

  it('answers the control endpoint on loopback only', async () => {
    const res = await fetch(`${sim.base()}/_control`, { method: 'POST', body: JSON.stringify({ mode: 'down' }) });
    expect(await res.json()).toMatchObject({ mode: 'down' });
    expect((await fetch(`${sim.base()}/twitter/profile_list`)).status).toBe(503);
  });
});

describe('the task shape', () => {
  it('takes a whole start_count and drops anything else without failing the task (1.2)', () => {
    const task = (start_count: unknown) => taskSchema.parse({ task_id: 't', status: 'pending', start_count }).start_count;
    expect(task(0)).toBe(0);
    expect(task(1412)).toBe(1412);
    for (const bad of [-1, 1.5, '12', 1e16, null]) expect(task(bad)).toBeUndefined();
    expect(taskSchema.parse({ task_id: 't', status: 'pending' }).start_count).toBeUndefined();
  });
});

describe('the provider client', () => {
  it('turns garbage into a ProviderError, never a crash or a result', async () => {
    for (const [mode, kind] of [
      ['malformed', 'invalid_response'],
      ['wrong_shape', 'invalid_response'],
      ['error500', 'http'],
      ['down', 'http'],
    ] as const) {
      configureSim({ mode });
      const err = await client().send(`${sim.base()}/twitter/like`, body(`order-${mode}`)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect(err).toMatchObject({ kind, retryable: true });
    }
  });

  it('gives up after its timeout when the provider is slow', async () => {
    configureSim({ mode: 'slow', slowMs: 3000 });
    const started = Date.now();
    const err = await createProviderClient({ timeoutMs: 200, retries: 1, backoffMs: 10 }).listProfiles(`${sim.base()}/twitter/profile_list`).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('retries with backoff and succeeds when the provider recovers', async () => {
    configureSim({ failNext: 2 });
    const task = await client().send(`${sim.base()}/twitter/like`, body('order-retry'));
    expect(task.task_id).toMatch(/^sim_/);
    expect(simStats().calls).toBe(3);
  });

  it('reports an unreachable provider and a missing endpoint', async () => {
    await expect(client().listProfiles('http://127.0.0.1:1/sim-provider/twitter/profile_list')).rejects.toMatchObject({ kind: 'unreachable', retryable: true });
    await expect(client().send('', body('x'))).rejects.toMatchObject({ kind: 'not_configured', retryable: false });
  });
});

describe('who may call the simulated provider', () => {
  it('refuses requests relayed by a proxy, even from loopback', async () => {
    const proxied = await fetch(`${sim.base()}/twitter/profile_list`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    const control = await fetch(`${sim.base()}/_control`, { method: 'POST', headers: { forwarded: 'for=203.0.113.9' }, body: '{"mode":"down"}' });
    expect(control.status).toBe(404);
    expect((await fetch(`${sim.base()}/twitter/profile_list`)).status).toBe(200);
  });
});
