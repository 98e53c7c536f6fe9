import { describe, expect, it } from 'vitest';
import { profileDailyRecords, profiles } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { profileReliability } from './index';

const t = setupTestDb();
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe("the picker's reliability figure", () => {
  it('comes from the daily counters of the window (issue #35: not from every order of the week), older days left out', async () => {
    const [a, b, c] = await t.db
      .insert(profiles)
      .values(['rel_a', 'rel_b', 'rel_c'].map((u) => ({ platform: 'instagram' as const, providerId: u, username: u })))
      .returning();
    await t.db.insert(profileDailyRecords).values([
      { platform: 'instagram', day: day(0), profileId: a!.id, successes: 3, results: 4 },
      { platform: 'instagram', day: day(6), profileId: a!.id, successes: 1, results: 1 },
      // Older than the window: not counted.
      { platform: 'instagram', day: day(9), profileId: a!.id, successes: 0, results: 50 },
      { platform: 'instagram', day: day(2), profileId: b!.id, successes: 0, results: 2 },
      { platform: 'instagram', day: day(20), profileId: c!.id, successes: 5, results: 5 },
    ]);
    const rates = await profileReliability(t.db, 'instagram');
    expect(rates.get(a!.id)).toBe(80);
    expect(rates.get(b!.id)).toBe(0);
    expect(rates.has(c!.id)).toBe(false);
  });
});
