import { afterAll, describe, expect, it } from 'vitest';
import { open } from '@/db/client';
import { databaseDownForMs } from '@/db/reachability';
import { setupTestDb, installAsAppDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { unreachablePort } from '@/test/ports';
import { GET } from './route';

const t = setupTestDb();
afterAll(async () => {
  installAsAppDb(t);
  for (let i = 0; i < 60 && databaseDownForMs() > 0; i++) await new Promise((r) => setTimeout(r, 100));
});

describe('GET /api/health', () => {
  it('answers 200 with the database round trip when the database answers', async () => {
    installAsAppDb(t);
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, database_ms: expect.any(Number) });
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('answers 503 with Retry-After at once when the database refuses the connection', async () => {
    const refused = await unreachablePort();
    const down = await open({ databaseUrl: `postgres://postgres@127.0.0.1:${refused.port}/none`, max: 1, migrate: false });
    try {
      installAsAppDb(down);
      const res = await call(GET, { headers: { 'accept-language': 'en' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ success: false, code: 'TEMPORARILY_UNAVAILABLE', mesaj: 'The service is briefly unavailable. Please try again in a few seconds.' });
    } finally {
      installAsAppDb(t);
      await down.close();
    }
  });

  it('answers 503 after its 2 s bound when the database accepts the connection and never answers', async () => {
    // The refusal above marked the database down (db/reachability.ts); once the probe has found it
    // back, this request reaches the handler instead of being refused at once.
    installAsAppDb(t);
    for (let i = 0; i < 60 && databaseDownForMs() > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(databaseDownForMs()).toBe(0);
    const silent = await unreachablePort({ silent: true });
    const stuck = await open({ databaseUrl: `postgres://postgres@127.0.0.1:${silent.port}/none`, max: 1, migrate: false });
    try {
      installAsAppDb(stuck);
      const started = Date.now();
      const res = await call(GET);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'TEMPORARILY_UNAVAILABLE' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    } finally {
      installAsAppDb(t);
      await silent.close();
      await stuck.close().catch(() => {});
    }
  });
});
