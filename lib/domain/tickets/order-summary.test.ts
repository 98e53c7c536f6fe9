import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import { setupTestDb } from '@/test/fixtures/db';
import { orders, users } from '@/db/schema';
import { catalogues } from '@/lib/infra/i18n/messages';
import type { Locale } from '@/lib/infra/i18n/routing';
import { orderSummaryText, type CatalogueTranslator } from '@/components/support/order-summary-text';
import { createTicket, getAdminTicket, getTicket, listTicketableOrders, type TicketOrderSummary } from './index';

// Issue #32 item 4: an order a support thread names (the ticket's own, the admin inbox's recent
// orders, the ticket form's picker) reads in words in the reader's language, from what the server
// computed: the service key, the panel's status grouping (durum) and the profile counts.

const t = setupTestDb();
let userId: number;
let done: string;
let single: string;
let scheduled: string;

type Insert = typeof orders.$inferInsert;
async function order(values: Partial<Insert>): Promise<string> {
  const [row] = await t.db
    .insert(orders)
    .values({ userId, platform: 'twitter', service: 'new_tweet', profileIds: [1, 2], profileCount: 2, ...values })
    .returning({ id: orders.id });
  return row!.id;
}

const translator = (locale: Locale) => createTranslator({ locale, messages: catalogues[locale] }) as unknown as CatalogueTranslator;
const words = (locale: Locale, o: TicketOrderSummary) => orderSummaryText(translator(locale), o);

beforeAll(async () => {
  const [u] = await t.db.insert(users).values({ adSoyad: 'Summary', email: 'order-summary@example.com', passwordHash: 'x' }).returning();
  userId = u!.id;
  done = await order({ status: 'completed', successCount: 2, createdAt: new Date('2026-11-20T10:00:00Z') });
  single = await order({ service: 'reels_like', platform: 'instagram', profileIds: [3], profileCount: 1, status: 'failed', successCount: 0, createdAt: new Date('2026-11-21T10:00:00Z') });
  scheduled = await order({ service: 'like', status: 'scheduled', createdAt: new Date('2026-11-22T10:00:00Z') });
});

describe('an order in a support thread', () => {
  it('comes from the server with its service key, the panel’s status grouping and its profile counts', async () => {
    const { ticket } = await createTicket(t.db, { userId, category: 'order', subject: 'About my tweet', message: 'x', order_id: done });
    const detail = await getTicket(t.db, { ticketId: ticket.id, userId });
    expect(detail.order).toMatchObject({ task_id: done, platform: 'twitter', service: 'new_tweet', durum: 'basarili', success_count: 2, profile_count: 2 });
    const admin = await getAdminTicket(t.db, ticket.id);
    expect(admin.customer.recent_orders.map((o) => [o.task_id, o.durum, o.success_count, o.profile_count])).toEqual([
      [scheduled, 'zamanlandi', 0, 2],
      [single, 'basarisiz', 0, 1],
      [done, 'basarili', 2, 2],
    ]);
    expect((await listTicketableOrders(t.db, userId)).map((o) => o.durum)).toEqual(['zamanlandi', 'basarisiz', 'basarili']);
  });

  it('reads in words in Turkish, English and German: the service’s name, the status as the panel names it, succeeded of all profiles', async () => {
    const [first, second, third] = await listTicketableOrders(t.db, userId);
    expect(words('tr', third!)).toBe('Yeni Tweet · Başarılı · 2/2 profil başarılı');
    expect(words('en', third!)).toBe('New Tweet · Successful · 2/2 profiles succeeded');
    expect(words('de', third!)).toBe('Neuer Tweet · Erfolgreich · 2/2 Profile erfolgreich');
    expect(words('tr', second!)).toBe('Reels Beğeni · Başarısız · 0/1 profil başarılı');
    expect(words('en', second!)).toBe('Reels Like · Failed · 0/1 profile succeeded');
    expect(words('de', second!)).toBe('Reels-Like · Fehlgeschlagen · 0/1 Profil erfolgreich');
    // A scheduled order (which the ticket's own status words had no name for) reads as the history shows it.
    expect(words('en', first!)).toBe('Like · Scheduled · 0/2 profiles succeeded');
    for (const locale of ['tr', 'en', 'de'] as const) {
      for (const o of [first!, second!, third!]) {
        const text = words(locale, o);
        expect(text).not.toMatch(/new_tweet|reels_like|basarili|basarisiz|zamanlandi|completed|scheduled\b|Tickets\.|Status\./);
        expect(text).not.toContain(o.task_id);
      }
    }
  });
});
