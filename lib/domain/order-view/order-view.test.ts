import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, profiles, users, type ProfileResult } from '@/db/schema';
import { setupTestDb } from '@/test/fixtures/db';
import { readOrderView, readOrderViewTexts, type OrderView } from './order-view';

// The view is JSON text made by PostgreSQL (lib/domain/order-view): these check it field by field against
// the protocol (docs/reseller-api.md), and that the text is exactly JSON.stringify's form of it.
const t = setupTestDb();
let userId: number;
let alice: number;
let bob: number;
beforeAll(async () => {
  const [u] = await t.db.insert(users).values({ adSoyad: 'View', email: 'order-view@example.com', passwordHash: 'x' }).returning();
  userId = u!.id;
  const made = await t.db
    .insert(profiles)
    .values([
      { platform: 'twitter', providerId: 'view-a', username: 'alice' },
      // JSON's special characters in a name.
      { platform: 'twitter', providerId: 'view-b', username: 'b"o\\b\n\t\u0001 ğüş 😀 </script>' },
    ])
    .returning({ id: profiles.id });
  [alice, bob] = made.map((p) => p.id) as [number, number];
});

type Insert = typeof orders.$inferInsert;
async function order(values: Partial<Insert>): Promise<string> {
  const [o] = await t.db
    .insert(orders)
    .values({ userId, platform: 'twitter', service: 'like', profileIds: [alice, bob], profileCount: 2, ...values })
    .returning({ id: orders.id });
  return o!.id;
}

async function textOf(id: string): Promise<string> {
  const text = (await readOrderViewTexts(t.db, userId, [id])).get(id);
  if (!text) throw new Error('no view');
  return text;
}

describe('an order’s view, made by PostgreSQL', () => {
  it('is every field of the protocol, in JSON.stringify’s exact form', async () => {
    const created = new Date('2026-11-20T10:11:12.345Z');
    const completed = new Date('2026-11-20T10:15:00.007Z');
    const results: ProfileResult[] = [
      { profile_id: alice, result: 'success', proof_url: 'https://x.com/alice/status/1?a="q"&b=\\', text: 'line 1\nline 2 "quoted" ✓' },
      { profile_id: bob, result: 'failed' },
    ];
    const id = await order({
      service: 'comment',
      targetUrl: 'https://x.com/a/status/1',
      status: 'partial',
      priceCents: 1005,
      refundedCents: 500,
      results,
      successCount: 1,
      startCount: 1412,
      createdAt: created,
      completedAt: completed,
    });
    const expected: OrderView = {
      charge: '5.05',
      start_count: '1412',
      status: 'Partial',
      remains: '1',
      currency: 'USD',
      profiles: [
        { profile_id: alice, username: 'alice', result: 'success', proof_url: results[0]!.proof_url!, text: results[0]!.text! },
        { profile_id: bob, username: 'b"o\\b\n\t\u0001 ğüş 😀 </script>', result: 'failed' },
      ],
      order_status: 'partial',
      service: 'comment',
      link: 'https://x.com/a/status/1',
      created_at: created.toISOString(),
      completed_at: completed.toISOString(),
      refill_of: null,
    };
    const text = await textOf(id);
    expect(JSON.parse(text)).toEqual(expected);
    expect(text).toBe(JSON.stringify(expected));
    expect(await readOrderView(t.db, id)).toEqual(expected);
  });

  it('leaves out a proof or text that is empty or belongs to a failure, names a deleted profile "", and waits with nulls', async () => {
    const id = await order({
      profileIds: [alice, bob, 2_000_000_000],
      profileCount: 3,
      results: [
        { profile_id: alice, result: 'success', proof_url: '', text: '' },
        { profile_id: bob, result: 'failed', proof_url: 'https://x.com/b', text: 'not shown' } as ProfileResult,
        { profile_id: 2_000_000_000, result: 'pending' },
      ],
    });
    const text = await textOf(id);
    const view = JSON.parse(text) as OrderView;
    expect(view.profiles).toEqual([
      { profile_id: alice, username: 'alice', result: 'success' },
      { profile_id: bob, username: 'b"o\\b\n\t\u0001 ğüş 😀 </script>', result: 'failed' },
      { profile_id: 2_000_000_000, username: '', result: 'pending' },
    ]);
    expect(view).toMatchObject({ charge: '0.00', status: 'Pending', remains: '2', link: null, completed_at: null, refill_of: null });
    expect(text).toBe(JSON.stringify(view));
  });

  it('names each of our statuses in the protocol’s words, and shows a refill’s original', async () => {
    const words = { pending: 'Pending', scheduled: 'Pending', processing: 'In progress', completed: 'Completed', partial: 'Partial', failed: 'Canceled', cancelled: 'Canceled' } as const;
    for (const [status, word] of Object.entries(words)) {
      const view = JSON.parse(await textOf(await order({ status: status as keyof typeof words }))) as OrderView;
      expect(view, status).toMatchObject({ status: word, order_status: status, profiles: [] });
    }
    const original = await order({ status: 'partial', priceCents: 99, targetUrl: 'https://x.com/a/status/2' });
    const refill = await order({ refillOf: original, targetUrl: 'https://x.com/a/status/2' });
    const [originalRow] = await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, original));
    expect(JSON.parse(await textOf(refill))).toMatchObject({ refill_of: originalRow!.number, charge: '0.00' });
    expect(JSON.parse(await textOf(original))).toMatchObject({ refill_of: null, charge: '0.99' });
    // Refills only, when asked for them.
    const both = await readOrderViewTexts(t.db, userId, [original, refill], true);
    const [refillRow] = await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, refill));
    expect([...both.keys()]).toEqual([refill, String(refillRow!.number)]);
  });

  it('is found by the id in any case, and never for another user', async () => {
    const id = await order({});
    expect((await readOrderViewTexts(t.db, userId, [id.toUpperCase()])).has(id)).toBe(true);
    expect((await readOrderViewTexts(t.db, userId + 1000, [id])).size).toBe(0);
    expect(await readOrderView(t.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
