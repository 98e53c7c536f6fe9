import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '@/test/fixtures/db';
import { call } from '@/test/http';
import { tickets, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { GET as inbox } from '@/app/api/tickets/admin/route';

/** Issue #35: `GET /api/tickets/admin` answers one page and the count, not every ticket (it answered up to 500). */
const t = setupTestDb({ asAppDb: true });
let adminToken = '';

beforeAll(async () => {
  const [admin, customer] = await t.db
    .insert(users)
    .values([
      { adSoyad: 'Admin', email: 'inbox-admin@example.com', passwordHash: 'x', rol: 'admin' },
      { adSoyad: 'Customer', email: 'inbox-customer@example.com', passwordHash: 'x' },
    ])
    .returning();
  adminToken = await signToken(t.db, admin!, 'admin');
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, i));
  await t.db.insert(tickets).values(
    Array.from({ length: 35 }, (_, i) => ({ userId: customer!.id, category: 'order' as const, subject: `Ticket ${i}`, status: i < 5 ? ('closed' as const) : ('open' as const), lastMessageAt: at(i) })),
  );
});

describe('the admin inbox API', () => {
  it('answers 30 tickets and the total by default, then the next page; the filter counts its own matches', async () => {
    const first = await call(inbox, { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(35);
    const rows = first.body.tickets as { subject: string }[];
    expect(rows).toHaveLength(30);
    expect(rows[0]!.subject).toBe('Ticket 34');

    const last = await call(inbox, { token: adminToken, path: '/api/tickets/admin?limit=10&offset=30' });
    expect((last.body.tickets as { subject: string }[]).map((r) => r.subject)).toEqual(['Ticket 4', 'Ticket 3', 'Ticket 2', 'Ticket 1', 'Ticket 0']);

    const closed = await call(inbox, { token: adminToken, path: '/api/tickets/admin?status=closed&sort=waiting&limit=2' });
    expect(closed.body.total).toBe(5);
    expect((closed.body.tickets as { subject: string }[]).map((r) => r.subject)).toEqual(['Ticket 0', 'Ticket 1']);
  });

  it('refuses a page over 100 or a negative offset', async () => {
    expect((await call(inbox, { token: adminToken, path: '/api/tickets/admin?limit=101' })).status).toBe(400);
    expect((await call(inbox, { token: adminToken, path: '/api/tickets/admin?offset=-1' })).status).toBe(400);
  });
});
