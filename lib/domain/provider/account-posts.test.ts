import { describe, expect, it } from 'vitest';
import { withSimServer } from '@/test/fixtures/sim-server';
import { platformDescriptor } from '@/platforms';
import { createProviderClient, ProviderError } from './index';
import { configureSim } from './sim';

const sim = withSimServer();

const client = () => createProviderClient({ timeoutMs: 500, retries: 1, backoffMs: 10 });
const control = (body: unknown) => fetch(`${sim.base()}/_control`, { method: 'POST', body: JSON.stringify(body) });

describe('account_posts (contract 1.6, issue #37)', () => {
  it('answers the scheduled posts of an account, newest first, with links each platform takes', async () => {
    for (const platform of ['twitter', 'instagram', 'youtube', 'tiktok'] as const) {
      const posts = await client().accountPosts!(`${sim.base()}/${platform}/account_posts`, 'someone_1');
      expect(posts.length).toBeGreaterThan(0);
      const times = posts.map((p) => Date.parse(p.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(times.every((t) => t <= Date.now())).toBe(true);
      const patterns = platformDescriptor(platform)!.patterns.post;
      for (const p of posts) expect(patterns.some((re) => re.test(p.url))).toBe(true);
      // The same schedule on every call.
      expect(await client().accountPosts!(`${sim.base()}/${platform}/account_posts`, 'someone_1')).toEqual(posts);
    }
  });

  it('publishes a post at once through the control, only on that account', async () => {
    const url = `${sim.base()}/twitter/account_posts`;
    const before = await client().accountPosts!(url, 'watched');
    const res = await control({ publish: { platform: 'twitter', account: 'watched' } });
    expect(res.status).toBe(200);
    const { post } = (await res.json()) as { post: { id: string; url: string } };
    const after = await client().accountPosts!(url, 'watched');
    expect(after[0]!.id).toBe(post.id);
    expect(after[0]!.url).toMatch(/^https:\/\/x\.com\/watched\/status\/\d+$/);
    expect(after).toHaveLength(before.length + 1);
    expect((await client().accountPosts!(url, 'other')).some((p) => p.id === post.id)).toBe(false);
    // A reset forgets the published posts.
    await control({ reset: true });
    expect((await client().accountPosts!(url, 'watched')).some((p) => p.id === post.id)).toBe(false);
  });

  it('refuses a bad account and an endpoint that is not set, without a crash', async () => {
    await expect(client().accountPosts!(`${sim.base()}/twitter/account_posts`, 'a b')).rejects.toBeInstanceOf(ProviderError);
    await expect(client().accountPosts!('', 'someone')).rejects.toMatchObject({ kind: 'not_configured' });
    configureSim({ mode: 'down' });
    await expect(client().accountPosts!(`${sim.base()}/twitter/account_posts`, 'someone')).rejects.toBeInstanceOf(ProviderError);
  });
});
