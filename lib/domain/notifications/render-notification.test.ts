import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import { call } from '@/test/http';
import { mailOutbox, notifications, packages, platforms, userPackages, users } from '@/db/schema';
import { signToken } from '@/lib/domain/credentials';
import { createFormat } from '@/lib/infra/format';
import type { Locale } from '@/lib/infra/i18n/routing';
import { translate } from '@/lib/infra/i18n/translate';
import { POST as createIntent } from '@/app/api/payment/create-payment-intent/route';
import { POST as testCardConfirm } from '@/app/api/payment/test-card/confirm/route';
import { POST as confirmPayment } from '@/app/api/payment/confirm-payment/route';
import { GET as listRoute } from '@/app/api/notifications/route';
import { checkLowBalance, listNotifications, notify, notifyPackageExpiry, updatePreferences } from './index';

// Issue #32 item 5: notices and their mails name amounts through the one money formatter
// (lib/infra/format) and enum values (a payment's kind, a service, a platform) in words, in the
// reader's language; the stored values are the language-neutral facts.

const LOCALES: Locale[] = ['tr', 'en', 'de'];
const money = (locale: Locale, cents: number) => createFormat(locale).money(cents);

const t = setupTestDb({ asAppDb: true });
let seq = 0;

async function customer(locale: Locale): Promise<{ id: number; email: string; token: string }> {
  seq += 1;
  const email = `render-${locale}-${seq}@example.com`;
  const [u] = await t.db.insert(users).values({ adSoyad: `Reader ${locale}`, email, passwordHash: 'x', locale }).returning();
  return { id: u!.id, email, token: await signToken(t.db, u!, 'user') };
}

async function mailsTo(email: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('notices in the reader’s language', () => {
  it('tells of a balance top-up with the amount as the money formatter writes it and the top-up in words, in tr, en and de', async () => {
    for (const locale of LOCALES) {
      const c = await customer(locale);
      const intent = await call(createIntent, { token: c.token, body: { amount: 2500, type: 'balance', cardholderName: 'Reader' } });
      expect(intent.status, JSON.stringify(intent.body)).toBe(200);
      const paymentIntentId = intent.body.paymentIntentId as string;
      const card = await call(testCardConfirm, { token: c.token, body: { paymentIntentId, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' } });
      expect(card.body).toMatchObject({ success: true });
      expect((await call(confirmPayment, { token: c.token, body: { paymentIntentId, amount: 2500, type: 'balance' } })).status).toBe(200);

      // Stored: the facts, no text of one language.
      const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, c.id));
      expect(row).toMatchObject({ kind: 'payment_receipt', params: { amountCents: 2500, paymentKind: 'balance' } });

      const words = translate(locale, 'Notifications.paymentFor.balance')!;
      const [notice] = (await listNotifications(t.db, c.id, locale)).notifications;
      expect(notice!.body, locale).toContain(money(locale, 2500));
      expect(notice!.body, locale).toContain(`(${words})`);
      expect(notice!.body, locale).not.toContain('(balance)');
      if (locale !== 'en') expect(notice!.body, locale).not.toContain('$25.00');

      // The receipt mail (the notice's mail) in the account's language.
      const [mail] = await mailsTo(c.email);
      expect(mail!.subject, locale).toContain(money(locale, 2500));
      expect(mail!.text, locale).not.toContain('(balance)');
    }
    expect(money('tr', 2500)).toBe('$25,00');
    expect(money('en', 2500)).toBe('$25.00');
    expect(money('de', 2500)).toMatch(/^25,00\s\$$/);
  });

  it('mails a package payment’s notice with the amount formatted and the package named, never the word "package"', async () => {
    const texts: Record<string, string> = {};
    for (const locale of LOCALES) {
      const c = await customer(locale);
      await notify(t.db, { userId: c.id, kind: 'payment_receipt', params: { amountCents: 4999, paymentKind: 'package', package: 'Pro', payment: 1 } });
      const [mail] = await mailsTo(c.email);
      texts[locale] = mail!.text;
      expect(mail!.text, locale).toContain(money(locale, 4999));
      expect(mail!.text, locale).not.toMatch(/\((package|balance)\)/);
    }
    expect(texts.tr).toContain('$49,99 tutarındaki ödemeniz başarıyla alındı (Pro paketi).');
    expect(texts.en).toContain('Your payment of $49.99 was received (Pro package).');
    expect(texts.de).toMatch(/Ihre Zahlung über 49,99\s\$ ist eingegangen \(Paket Pro\)\./);
  });

  it('tells of a low balance with the balance and the threshold through the money formatter', async () => {
    for (const locale of LOCALES) {
      const c = await customer(locale);
      await updatePreferences(t.db, c.id, { lowBalanceCents: 500 });
      await checkLowBalance(t.db, c.id, 250);
      const [mail] = await mailsTo(c.email);
      const [notice] = (await listNotifications(t.db, c.id, locale)).notifications;
      for (const text of [mail!.text, notice!.body]) {
        expect(text, locale).toContain(money(locale, 250));
        expect(text, locale).toContain(money(locale, 500));
      }
      if (locale !== 'en') expect(mail!.text, locale).not.toContain('$2.50');
    }
  });

  it('names the service and the refund of a partly failed order, and the platform and day of an expiring package, in words', async () => {
    const [pkg] = await insertPackages(t.db, [{ ad: 'Pro', prices: { instagram: 1, twitter: 1, youtube: 1 }, gunlukLimit: 5, profilLimit: 5 }]);
    const now = new Date('2026-11-23T09:00:00Z');
    const readers = new Map<Locale, { id: number; email: string }>();
    for (const locale of LOCALES) {
      const c = await customer(locale);
      readers.set(locale, c);
      await notify(t.db, { userId: c.id, kind: 'order_failed', params: { service: 'new_tweet', failed: 1, total: 2, refundCents: 150, order: 'x' } });
      await t.db.insert(userPackages).values({ userId: c.id, packageId: pkg!.id, platform: 'youtube', paketAdi: 'Pro', gunlukLimit: 5, profilLimit: 5, startsAt: new Date('2026-10-01T00:00:00Z'), endsAt: new Date('2026-11-25T09:00:00Z') });
    }
    await notifyPackageExpiry(t.db, now);
    for (const [locale, { id, email }] of readers) {
      const list = (await listNotifications(t.db, id, locale)).notifications;
      const failed = list.find((n) => n.kind === 'order_failed')!;
      expect(failed.body, locale).toContain(translate(locale, 'Services.new_tweet')!);
      expect(failed.body, locale).toContain(money(locale, 150));
      expect(failed.body, locale).not.toContain('new_tweet');
      const expiring = list.find((n) => n.kind === 'package_expiring')!;
      expect(expiring.body, locale).toContain('YouTube');
      expect(expiring.body, locale).not.toContain('youtube');
      expect(expiring.body, locale).toContain(createFormat(locale).day('2026-11-25'));
      const mails = (await mailsTo(email)).map((m) => m.text).join('\n');
      expect(mails, locale).toContain(money(locale, 150));
      expect(mails, locale).not.toMatch(/new_tweet|youtube|2026-11-25/);
    }
    expect(createFormat('de').day('2026-11-25')).toBe('25.11.2026');
  });

  it('names a bought or expiring package in the reader’s language: German, else English, else Turkish (issue #32 item 6)', async () => {
    await t.db.insert(platforms).values({ ad: 'twitter', aktif: true, sortOrder: 0 }).onConflictDoNothing();
    const [pkg] = await insertPackages(t.db, [{ ad: 'Başlangıç', nameEn: 'Starter', prices: { instagram: 1000, twitter: 1000, youtube: 1000 }, gunlukLimit: 5, profilLimit: 5 }]);
    const expected: Record<Locale, string> = { tr: 'Başlangıç', en: 'Starter', de: 'Starter' };
    for (const locale of LOCALES) {
      const c = await customer(locale);
      const intent = await call(createIntent, { token: c.token, body: { type: 'package', packageId: pkg!.id, platformIds: ['twitter'], amount: 1000, cardholderName: 'Reader' } });
      expect(intent.status, JSON.stringify(intent.body)).toBe(200);
      const paymentIntentId = intent.body.paymentIntentId as string;
      await call(testCardConfirm, { token: c.token, body: { paymentIntentId, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' } });
      expect((await call(confirmPayment, { token: c.token, body: { paymentIntentId } })).status).toBe(200);
      const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, c.id));
      expect(row!.params).toMatchObject({ package: 'Başlangıç', package_en: 'Starter' });
      // The centre in any language names it in that language; the receipt mail in the account's.
      for (const reader of LOCALES) {
        const [notice] = (await listNotifications(t.db, c.id, reader)).notifications;
        expect(notice!.body, `${locale} read in ${reader}`).toContain(expected[reader]);
      }
      const [mail] = await mailsTo(c.email);
      expect(mail!.text, locale).toContain(expected[locale]);
      if (locale !== 'tr') expect(mail!.text, locale).not.toContain('Başlangıç');
    }
    await t.db.update(packages).set({ nameDe: 'Einsteiger' }).where(eq(packages.id, pkg!.id));
    const c = await customer('de');
    await t.db.insert(userPackages).values({ userId: c.id, packageId: pkg!.id, platform: 'twitter', paketAdi: 'Başlangıç', gunlukLimit: 5, profilLimit: 5, startsAt: new Date('2026-10-01T00:00:00Z'), endsAt: new Date('2026-11-25T09:00:00Z') });
    await notifyPackageExpiry(t.db, new Date('2026-11-23T09:00:00Z'));
    const [expiring] = (await listNotifications(t.db, c.id, 'de')).notifications;
    expect(expiring!.body).toContain('(Einsteiger)');
    expect((await mailsTo(c.email))[0]!.text).toContain('(Einsteiger)');
  });

  it('reads notices written before in the reader’s language too ("$1.00" amounts, what: "balance")', async () => {
    const c = await customer('de');
    await t.db.insert(notifications).values([
      { userId: c.id, kind: 'payment_receipt', params: { amount: '$10.00', what: 'balance', payment: 1 } },
      { userId: c.id, kind: 'payment_receipt', params: { amount: '$39.99', what: 'Profesyonel', payment: 2 } },
      { userId: c.id, kind: 'order_failed', params: { service: 'like', failed: 1, total: 2, refund: '$1.00', order: 'y' } },
    ]);
    const bodies = (await listNotifications(t.db, c.id, 'de')).notifications.map((n) => n.body);
    expect(bodies).toEqual([
      `1 von 2 Profilen Ihrer Bestellung „Gefällt mir“ ist fehlgeschlagen. ${money('de', 100)} wurde Ihrem Guthaben erstattet.`,
      `Ihre Zahlung über ${money('de', 3999)} ist eingegangen (Paket Profesyonel).`,
      `Ihre Zahlung über ${money('de', 1000)} ist eingegangen (Guthabenaufladung).`,
    ]);
  });

  it('writes the centre’s notices in the language of the page that asks', async () => {
    const c = await customer('tr');
    await notify(t.db, { userId: c.id, kind: 'payment_receipt', params: { amountCents: 1000, paymentKind: 'balance', payment: 3 } });
    for (const locale of LOCALES) {
      const res = await call(listRoute, { token: c.token, headers: { 'x-locale': locale } });
      const [notice] = res.body.notifications as { title: string; body: string }[];
      expect(notice!.title).toBe(translate(locale, 'Notifications.kinds.payment_receipt.title'));
      expect(notice!.body).toBe(translate(locale, 'Notifications.kinds.payment_receipt.body', { amount: money(locale, 1000), what: translate(locale, 'Notifications.paymentFor.balance')! }));
    }
  });
});
