import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { call } from '@/test/http';
import { packages, payments, platforms, userPackages, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { GET as paymentsRoute } from '@/app/api/payment/payments/route';
import { GET as paymentRoute } from '@/app/api/payment/payments/[id]/route';
import { getPackageChoices, getPayment, getSubscriptionOverview, listPayments } from './index';

// Issue #32 item 6: /panel/subscription and the receipts name packages in the reader's language.

const t = setupTestDb({ asAppDb: true });
let user: typeof users.$inferSelect;
let named: typeof packages.$inferSelect;
let plain: typeof packages.$inferSelect;
let paymentId: number;
const NOW = new Date('2026-11-23T09:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  await t.db.insert(platforms).values([{ ad: 'twitter', aktif: true, sortOrder: 0 }]);
  [named, plain] = (await insertPackages(t.db, [
    { ad: 'Başlangıç', nameEn: 'Starter', nameDe: 'Einsteiger', prices: { instagram: 100, twitter: 100, youtube: 100 }, gunlukLimit: 10, profilLimit: 5 },
    { ad: 'Ajans', nameEn: 'Agency', prices: { instagram: 200, twitter: 200, youtube: 200 }, gunlukLimit: 20, profilLimit: 5 },
  ])) as [typeof packages.$inferSelect, typeof packages.$inferSelect];
  [user] = (await t.db.insert(users).values({ adSoyad: 'Okur', email: 'names@example.com', passwordHash: 'x' }).returning()) as [typeof users.$inferSelect];
  await t.db.insert(userPackages).values({ userId: user.id, packageId: plain.id, platform: 'twitter', paketAdi: 'Ajans (eski)', gunlukLimit: 20, profilLimit: 5, startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + 5 * DAY) });
  const [p] = await t.db
    .insert(payments)
    .values({ userId: user.id, kind: 'package', packageId: named.id, platforms: ['twitter'], amountCents: 100, currency: 'usd', status: 'succeeded', provider: 'test', intentId: 'pi_test_names', cardholderName: 'Okur' })
    .returning();
  paymentId = p!.id;
});

describe('package names on /panel/subscription and the receipts', () => {
  it('names the running packages (by their package’s name, not the copy made at purchase) and those for sale in the reader’s language', async () => {
    const view = async (locale: string) => getSubscriptionOverview(t.db, { userId: user.id, now: NOW, locale });
    const forSale = async (locale: string) => (await getPackageChoices(t.db, locale)).packages.map((p) => p.name);
    const tr = await view('tr');
    expect(tr.subscriptions.map((s) => s.paketAdi)).toEqual(['Ajans']);
    expect(await forSale('tr')).toEqual(['Başlangıç', 'Ajans']);
    expect(await forSale('en')).toEqual(['Starter', 'Agency']);
    const de = await view('de');
    expect(de.subscriptions[0]!.paketAdi).toBe('Agency');
    expect(await forSale('de')).toEqual(['Einsteiger', 'Agency']);
    expect(de.subscriptions[0]!.extendsTo).toBe(new Date(NOW.getTime() + 35 * DAY).toISOString());
  });

  it('keeps the Turkish name as paket_adi and adds gorunen_paket_adi in the reader’s language, in the panel and over the API', async () => {
    expect((await listPayments(t.db, { userId: user.id }))[0]).toMatchObject({ paket_adi: 'Başlangıç', gorunen_paket_adi: 'Başlangıç' });
    expect((await listPayments(t.db, { userId: user.id, locale: 'de' }))[0]).toMatchObject({ paket_adi: 'Başlangıç', gorunen_paket_adi: 'Einsteiger' });
    expect(await getPayment(t.db, { userId: user.id, paymentId, locale: 'en' })).toMatchObject({ paket_adi: 'Başlangıç', gorunen_paket_adi: 'Starter' });
    const token = await signToken(t.db, user, 'user');
    const list = await call(paymentsRoute, { token, headers: { 'accept-language': 'en' } });
    expect((list.body.odemeler as { gorunen_paket_adi: string }[])[0]!.gorunen_paket_adi).toBe('Starter');
    const one = await call(paymentRoute, { token, params: { id: String(paymentId) }, headers: { 'x-locale': 'de' } });
    expect(one.body.odeme).toMatchObject({ paket_adi: 'Başlangıç', gorunen_paket_adi: 'Einsteiger' });
  });
});
