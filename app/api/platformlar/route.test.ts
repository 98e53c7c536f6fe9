import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { GET } from './route';
import { GET as unknownRoute } from '../[...slug]/route';

const t = setupTestDb({ asAppDb: true });
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:3000', adminEmail: 'admin@example.com', demo: true });
  const [admin] = await t.db.select().from(users).where(sql`${users.rol} = 'admin'`);
  const [user] = await t.db.select().from(users).where(sql`${users.rol} = 'user'`);
  adminToken = await signToken(t.db, admin!, 'admin');
  userToken = await signToken(t.db, user!, 'user');
});

describe('GET /api/platformlar', () => {
  it('lists the platforms from the database without endpoint URLs for visitors', async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body.platformlar).toEqual([
      { id: expect.any(Number), ad: 'twitter', aktif: true },
      { id: expect.any(Number), ad: 'instagram', aktif: true },
      { id: expect.any(Number), ad: 'youtube', aktif: true },
      { id: expect.any(Number), ad: 'tiktok', aktif: true },
    ]);
  });

  it('hides endpoint URLs from an ordinary user too', async () => {
    const res = await call(GET, { token: userToken });
    expect(JSON.stringify(res.body)).not.toContain('api_endpoints');
  });

  it('shows endpoint URLs to an admin', async () => {
    const res = await call(GET, { token: adminToken });
    const list = res.body.platformlar as { api_endpoints: Record<string, string> }[];
    expect(Object.keys(list[0]!.api_endpoints)).toContain('profile_list');
  });

  it('treats a forged token as a visitor', async () => {
    const res = await call(GET, { token: adminToken.slice(0, -2) + 'xx' });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('api_endpoints');
  });
});

describe('an unknown /api path', () => {
  it('answers a JSON 404 in the request language', async () => {
    const res = await call(unknownRoute, { path: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: 'ROUTE_NOT_FOUND', mesaj: 'There is no such API address.' });
  });
});
