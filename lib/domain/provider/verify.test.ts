import { describe, expect, it } from 'vitest';
import { withSimServer } from '@/test/fixtures/sim-server';
import { createProviderClient } from './index';
import { verifyUrlOf } from './contract';
import { configureSim } from './sim';

/** Contract 1.5 (issue #38 item 1): `verify`, one call per proof, against the simulated provider. */
const sim = withSimServer();

const client = () => createProviderClient({ timeoutMs: 500, retries: 1, backoffMs: 10 });
const ask = (order: string, profile: string) => client().verify!(`${sim.base()}/twitter/verify`, { order_id: order, service: 'like', profile_id: profile, target_url: 'https://x.com/a/status/1' });

describe('the verify call', () => {
  it('finds every action kept by default and undoes the configured share, the same answer each time', async () => {
    expect(await ask('o-1', 'tw_1001')).toBe('kept');
    configureSim({ undoRate: 1 });
    expect(await ask('o-1', 'tw_1001')).toBe('undone');
    configureSim({ undoRate: 0.3 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => ask(`o-${i}`, 'tw_1001')));
    const undone = answers.filter((a) => a === 'undone').length;
    expect(undone).toBeGreaterThan(35);
    expect(undone).toBeLessThan(85);
    expect(await Promise.all(Array.from({ length: 200 }, (_, i) => ask(`o-${i}`, 'tw_1001')))).toEqual(answers);
  });

  it('is switched by POST /sim-provider/_control {"undoRate"}', async () => {
    const res = await fetch(`${sim.base()}/_control`, { method: 'POST', body: JSON.stringify({ undoRate: 1 }) });
    expect(await res.json()).toMatchObject({ undoRate: 1 });
    expect(await ask('o-2', 'tw_1002')).toBe('undone');
  });

  it('reads a provider without the call as unknown, and fails on a provider that is down', async () => {
    expect(await client().verify!(`${sim.base()}/twitter/no_such_call`, { order_id: 'o', service: 'like', profile_id: 'p' })).toBe('unknown');
    configureSim({ mode: 'down' });
    await expect(ask('o-3', 'tw_1001')).rejects.toMatchObject({ kind: 'http' });
  });

  it('is found beside islem_durumu unless an admin set its own endpoint', () => {
    expect(verifyUrlOf({ islem_durumu: 'http://p.test/sim-provider/twitter/islem_durumu' })).toBe('http://p.test/sim-provider/twitter/verify');
    expect(verifyUrlOf({ islem_durumu: 'http://p.test/x/status?x=1', verify: 'https://v.test/check' })).toBe('https://v.test/check');
    expect(verifyUrlOf({ profile_list: 'http://p.test/list' })).toBeUndefined();
  });
});
