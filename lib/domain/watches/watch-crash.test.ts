import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, profiles, watches, watchPosts } from '@/db/schema';
import { onPostgres } from '@/test/fixtures/db';
import { setupWorld, makeUser, fastClient } from '@/test/fixtures/world';
import type { ProviderAccountPost, ProviderClient } from '@/lib/domain/provider';
import { pollWatches } from './index';

/**
 * Issue #37 "Reliability": a `kill -9` between finding a post and its order. A child process
 * (node + tsx) runs a polling round against a throwaway PostgreSQL and is killed with SIGKILL
 * inside the post's transaction, after its watch_posts row and orders are written and before the
 * commit (the round's test hook). PostgreSQL rolls that transaction back; the next normal round
 * finds the post again and acts on it once: exactly one set of orders, no post lost. PostgreSQL
 * only: PGlite lives inside one process.
 */
const w = setupWorld();
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

function runChildUntilInTransaction(env: Record<string, string>): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/watch-crash-child.ts'], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.server.json', LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child never reached the transaction:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('IN_TRANSACTION')) child.kill('SIGKILL');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL' && output.includes('IN_TRANSACTION'), output });
    });
  });
}

describe.skipIf(!onPostgres())('a watch’s post survives kill -9 between finding it and its order (PostgreSQL)', () => {
  it('the killed round leaves nothing; the next round acts on the post exactly once', async () => {
    const A = await makeUser(w.t, { packages: { twitter: { gunlukLimit: 100, profilLimit: 10 } } });
    const ids = (await w.t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.platform, 'twitter')).orderBy(profiles.id)).slice(0, 2).map((r) => r.id);
    const now = new Date();
    // Only this watch is due.
    await w.t.db.update(watches).set({ nextPollAt: new Date(now.getTime() + 86_400_000) });
    const [watch] = await w.t.db
      .insert(watches)
      .values({
        userId: A.user.id,
        platform: 'twitter',
        account: 'crash_one',
        services: ['like', 'retweet'],
        profileIds: ids,
        delayMinMinutes: 0,
        delayMaxMinutes: 0,
        maxPostsPerDay: 10,
        endsAt: new Date(now.getTime() + 86_400_000),
        createdAt: new Date(now.getTime() - 3600_000),
        nextPollAt: now,
      })
      .returning();
    const post: ProviderAccountPost = { id: '1800000000000009001', url: 'https://x.com/crash_one/status/1800000000000009001', created_at: new Date(now.getTime() - 1000).toISOString(), text: 'x' };

    const run = await runChildUntilInTransaction({ DATABASE_URL: w.t.url!, POST_JSON: JSON.stringify(post), NOW: now.toISOString() });
    expect(run.killed, run.output).toBe(true);
    // The killed transaction is rolled back: no row, no order (the claim before it was committed).
    expect(await w.t.db.select().from(watchPosts).where(eq(watchPosts.watchId, watch!.id))).toEqual([]);
    expect(await w.t.db.select().from(orders).where(eq(orders.watchId, watch!.id))).toEqual([]);

    // A normal round after the claim's period: the post is found again and acted on once.
    const client: ProviderClient = { ...fastClient(), accountPosts: async () => [post, post] };
    const later = new Date(now.getTime() + 61_000);
    const result = await pollWatches(w.t.db, { now: later, client, enqueue: async () => {}, pollSeconds: 60 });
    expect(result).toMatchObject({ polled: 1, ordered: 1 });
    await pollWatches(w.t.db, { now: new Date(later.getTime() + 61_000), client, enqueue: async () => {}, pollSeconds: 60 });
    const rows = await w.t.db.select().from(watchPosts).where(eq(watchPosts.watchId, watch!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ postId: post.id, status: 'ordered' });
    const made = await w.t.db.select().from(orders).where(eq(orders.watchId, watch!.id));
    expect(made.map((o) => o.service).sort()).toEqual(['like', 'retweet']);
    expect([...rows[0]!.orderIds].sort()).toEqual(made.map((o) => o.id).sort());
  }, 120_000);
});
