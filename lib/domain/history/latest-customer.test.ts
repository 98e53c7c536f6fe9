import { describe, expect, it } from 'vitest';
import { orders, users } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { latestOrderingCustomer } from './latest-customer';

const t = setupTestDb();

describe('the customer /rooting/history opens on', () => {
  it('is nobody before the first order, then the customer of the most recent order', async () => {
    expect(await latestOrderingCustomer(t.db)).toBeNull();
    const [a, b] = await t.db
      .insert(users)
      .values([
        { adSoyad: 'A', email: 'history-a@example.com', passwordHash: 'x' },
        { adSoyad: 'B', email: 'history-b@example.com', passwordHash: 'x' },
      ])
      .returning();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 10, minutes));
    await t.db.insert(orders).values([
      { userId: a!.id, platform: 'twitter', service: 'like', status: 'completed', profileIds: [1], profileCount: 1, createdAt: at(5) },
      { userId: b!.id, platform: 'twitter', service: 'like', status: 'completed', profileIds: [1], profileCount: 1, createdAt: at(1) },
    ]);
    expect(await latestOrderingCustomer(t.db)).toEqual({ id: a!.id, ad: 'A', email: 'history-a@example.com' });
  });
});
