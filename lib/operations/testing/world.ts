import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestDb, installAsAppDb, type TestDb } from '@/test/db';
import { seed } from '@/db/seed';
import { packages, siteSettings, userPackages, users } from '@/db/schema';
import { signToken } from '@/lib/auth';
import { creditBalance } from '@/lib/balance';
import { PLATFORMS, type Platform } from '@/lib/catalogue/services';
import { syncProfiles } from '@/lib/profiles';
import { configureSim, serveSimProvider } from '@/lib/provider/sim';
import { createProviderClient } from '@/lib/provider';
import { startQueue, stopQueue, type StartQueueOptions } from '@/lib/queue';

/**
 * A test world for the orders engine: a fresh database (PGlite, or PostgreSQL in the "postgres"
 * project) installed as the app database, the simulated provider on a real HTTP port with the
 * platforms' endpoints pointing at it, synced profiles and a started pg-boss queue.
 */
export type World = {
  t: TestDb;
  simUrl: string;
  sim: Server;
  close: () => Promise<void>;
};

export const fastClient = () => createProviderClient({ timeoutMs: 2000, retries: 1, backoffMs: 20 });

export async function createWorld(options: { queue?: StartQueueOptions } = {}): Promise<World> {
  const t = await createTestDb();
  installAsAppDb(t);
  const sim = createServer(serveSimProvider);
  await new Promise<void>((r) => sim.listen(0, '127.0.0.1', r));
  const simUrl = `http://127.0.0.1:${(sim.address() as AddressInfo).port}`;
  await seed(t.db, { baseUrl: simUrl, adminEmail: 'admin@example.com', adminPassword: 'secret-admin', demo: false });
  await t.db.update(siteSettings).set({ cooldownSeconds: 0, twitterMinProfiles: 1 }).where(eq(siteSettings.id, 1));
  configureSim({ reset: true, minDelayMs: 30, maxDelayMs: 150, failRate: 0.1 });
  for (const platform of PLATFORMS) await syncProfiles(t.db, platform, fastClient());
  await startQueue(t, {
    monitorIntervalSeconds: 1,
    ...options.queue,
    queue: { retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 1, heartbeatSeconds: 10, ...options.queue?.queue },
  });
  return {
    t,
    simUrl,
    sim,
    close: async () => {
      await stopQueue({ graceful: false, timeoutMs: 2000 });
      sim.closeAllConnections();
      await new Promise<void>((r) => sim.close(() => r()));
      await t.close();
    },
  };
}

let counter = 0;

export type MakeUserOptions = {
  rol?: 'user' | 'admin';
  bakiyeCents?: number;
  /** Active packages to give (platform → limits). */
  packages?: Partial<Record<Platform, { gunlukLimit: number; profilLimit: number }>>;
};

export async function makeUser(t: TestDb, options: MakeUserOptions = {}) {
  counter++;
  const [created] = await t.db
    .insert(users)
    .values({
      adSoyad: `Test ${counter}`,
      email: `orders-${counter}-${Date.now()}@example.com`,
      passwordHash: 'x',
      rol: options.rol ?? 'user',
    })
    .returning();
  let user = created;
  if (options.bakiyeCents) {
    const credited = await creditBalance(t.db, { userId: created!.id, amountCents: options.bakiyeCents, reason: 'adjustment', note: 'test' });
    user = { ...created!, bakiyeCents: credited.balanceCents };
  }
  for (const [platform, limits] of Object.entries(options.packages ?? {}) as [Platform, { gunlukLimit: number; profilLimit: number }][]) {
    const [pkg] = await t.db
      .insert(packages)
      .values({ ad: `P${counter}`, priceInstagramCents: 100, priceTwitterCents: 100, priceYoutubeCents: 100, ...limits })
      .returning();
    const now = Date.now();
    await t.db.insert(userPackages).values({
      userId: user!.id,
      packageId: pkg!.id,
      platform,
      paketAdi: pkg!.ad,
      gunlukLimit: limits.gunlukLimit,
      profilLimit: limits.profilLimit,
      startsAt: new Date(now - 3600_000),
      endsAt: new Date(now + 30 * 24 * 3600_000),
    });
  }
  const token = await signToken(t.db, user!, 'user');
  return { user: user!, token };
}

export const URLS = {
  tweet: 'https://x.com/etkilesim/status/1790000000000000001',
  reel: 'https://www.instagram.com/reel/C8abcdEFgh1/',
  video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  channel: 'https://www.youtube.com/@etkilesim',
};

let freshCounter = 0;
/**
 * A target no send of this test file used yet (issue #17: one profile acts once per target and
 * service), for tests that are not about sending to the same target again.
 */
export function freshUrl(kind: keyof typeof URLS = 'tweet'): string {
  const n = String(++freshCounter).padStart(6, '0');
  switch (kind) {
    case 'tweet':
      return `https://x.com/etkilesim/status/18000000000${n}`;
    case 'reel':
      return `https://www.instagram.com/reel/Fresh${n}/`;
    case 'video':
      return `https://www.youtube.com/watch?v=fresh${n}`;
    case 'channel':
      return `https://www.youtube.com/@fresh${n}`;
  }
}

export const waitFor = async <T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, stepMs = 100): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, stepMs));
  }
};
