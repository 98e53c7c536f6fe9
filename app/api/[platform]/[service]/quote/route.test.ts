import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { seed } from '@/lib/domain/seed';
import { profiles, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import type { RouteHandler } from '@/app/api/_lib/route';
import { POST as quote } from './route';

/** The quote route as Next.js calls it for POST /api/twitter/new-tweet/quote. */
const POST: RouteHandler = (req, ctx) => quote(req, { ...ctx, params: Promise.resolve({ platform: 'twitter', service: 'new-tweet' }) });

const t = setupTestDb({ asAppDb: true });
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', adminPassword: 'secret-admin', demo: false });
  const rows = await t.db
    .insert(profiles)
    .values([
      { platform: 'twitter', providerId: 'q-small', username: 'small', followersCount: 2_500 },
      { platform: 'twitter', providerId: 'q-mid', username: 'mid', followersCount: 10_001 },
      { platform: 'twitter', providerId: 'q-big', username: 'big', followersCount: 250_000 },
      { platform: 'twitter', providerId: 'q-off', username: 'off', followersCount: 100, status: 'inactive' },
      { platform: 'instagram', providerId: 'q-ig', username: 'insta', followersCount: 100 },
    ])
    .returning({ id: profiles.id, username: profiles.username });
  for (const r of rows) ids[r.username] = r.id;
  const [user] = await t.db.insert(users).values({ adSoyad: 'Quote', email: 'quote@example.com', passwordHash: 'x', rol: 'user', bakiyeCents: 2_000 }).returning();
  token = await signToken(t.db, user!, 'user');
});

describe('POST /api/twitter/new-tweet/quote', () => {
  it('prices each selected profile by its follower tier, then the total and the balance after', async () => {
    const res = await call(POST, { token, body: { profile_ids: [ids.big, ids.small, ids.mid] } });
    expect(res.status).toBe(200);
    expect(res.body.kalemler).toEqual([
      { profil_id: ids.big, kullanici_adi: 'big', takipci_sayisi: 250_000, kademe_min: 100_001, kademe_max: null, fiyat: 15, fiyat_cents: 1500 },
      { profil_id: ids.small, kullanici_adi: 'small', takipci_sayisi: 2_500, kademe_min: 0, kademe_max: 3_000, fiyat: 2, fiyat_cents: 200 },
      { profil_id: ids.mid, kullanici_adi: 'mid', takipci_sayisi: 10_001, kademe_min: 10_001, kademe_max: 30_000, fiyat: 5, fiyat_cents: 500 },
    ]);
    expect(res.body).toMatchObject({ toplam_cents: 2_200, toplam: 22, bakiye_cents: 2_000, kalan_bakiye_cents: -200, kalan_bakiye: -2 });
  });

  it('refuses profiles the send would refuse (inactive, another platform) and an empty selection', async () => {
    for (const bad of [[ids.small, ids.off], [ids.insta]]) {
      const res = await call(POST, { token, body: { profile_ids: bad } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PROFILES_UNAVAILABLE');
    }
    const empty = await call(POST, { token, body: { profile_ids: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
  });

  it('asks a visitor to log in, and reads the balance of the caller only', async () => {
    expect((await call(POST, { body: { profile_ids: [ids.small] } })).status).toBe(401);
    await t.db.update(users).set({ bakiyeCents: 5_000 }).where(eq(users.email, 'quote@example.com'));
    const res = await call(POST, { token, body: { profile_ids: [ids.small] } });
    expect(res.body).toMatchObject({ toplam_cents: 200, bakiye_cents: 5_000, kalan_bakiye_cents: 4_800 });
  });
});
