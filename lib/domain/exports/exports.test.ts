import { beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { setupTestDb } from '@/test/fixtures/db';
import { seed } from '@/lib/domain/seed';
import { auditLog, orders, payments, users } from '@/db/schema';
import { env } from '@/env';
import { signToken } from '@/lib/domain/credentials';
import { appToday, endOfLocalDay } from '@/lib/infra/time';
import { GET } from '@/app/api/admin/export/[kind]/route';
import { csvCell } from './index';

const t = setupTestDb({ asAppDb: true });
let adminToken: string;
let userToken: string;
let tricky: number;

beforeAll(async () => {
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', demo: false });
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  adminToken = await signToken(t.db, admin!, 'admin');
  // More than one batch of 500.
  await t.db.insert(users).values(Array.from({ length: 620 }, (_, i) => ({ adSoyad: `Müşteri ${i}`, email: `bulk${i}@example.com`, passwordHash: 'x' })));
  const [u] = await t.db.insert(users).values({ adSoyad: '=HYPERLINK("http://evil"), "Ali"', email: 'ali@example.com', passwordHash: 'x', bakiyeCents: 1250 }).returning();
  tricky = u!.id;
  userToken = await signToken(t.db, u!, 'user');
  const yesterday = new Date(endOfLocalDay(appToday(), env.APP_TIMEZONE).getTime() - 30 * 3600_000);
  const order = (service: string, createdAt: Date) => ({ userId: tricky, platform: 'twitter' as const, service, profileIds: [1], profileCount: 1, status: 'completed' as const, priceCents: 105, createdAt });
  await t.db.insert(orders).values([order('like', new Date()), order('like', yesterday), order('retweet', new Date())]);
  await t.db.insert(payments).values([
    { intentId: 'pi_1', provider: 'test', userId: tricky, kind: 'balance', amountCents: 1000, status: 'succeeded', creditedAt: new Date() },
    { intentId: 'pi_2', provider: 'test', userId: tricky, kind: 'package', amountCents: 500, status: 'failed' },
  ]);
});

async function download(kind: string, query = '', token = adminToken) {
  const res = await GET(new Request(`http://localhost/api/admin/export/${kind}${query}`, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({ kind }),
  });
  // ignoreBOM: keep the byte-order mark in the text, to see that it is sent.
  const csv = res.ok && res.headers.get('content-type')?.startsWith('text/csv');
  return { res, text: csv ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) : '' };
}
const lines = (text: string) => text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

describe('CSV exports', () => {
  it('streams every user across batches, matching the table, with formula-safe, quoted cells', async () => {
    const { res, text } = await download('users');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith('\uFEFFid,created_at,name,email')).toBe(true);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(isNull(users.deletedAt))) as [{ n: number }];
    expect(lines(text)).toHaveLength(n + 1);
    const row = lines(text).find((l) => l.startsWith(`"${tricky}",`))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil""), ""Ali""","ali@example.com"`);
    expect(row).toContain(',"12.50",');
  });

  it('applies the pages’ filters: the users search, an order’s user, service and days, a payment’s status', async () => {
    expect(lines((await download('users', '?q=ali@')).text)).toHaveLength(2);
    const likes = lines((await download('orders', `?user_id=${tricky}&service=like`)).text);
    expect(likes).toHaveLength(3);
    expect(likes[1]).toMatch(/,"twitter","like","completed","1","0","1\.05","0\.00",/);
    expect(lines((await download('orders', `?service=like&from=${appToday()}&to=${appToday()}`)).text)).toHaveLength(2);
    expect(lines((await download('payments', '?status=succeeded')).text)).toEqual([expect.stringMatching(/^id,/), expect.stringMatching(/,"balance","10\.00","usd","succeeded","test","pi_1",/)]);
    expect((await download('orders', '?from=yesterday')).res.status).toBe(400);
    // The dashboard's plain form sends its empty fields too.
    expect(lines((await download('orders', `?from=&to=&user_id=${tricky}&service=retweet`)).text)).toHaveLength(2);
  });

  it('is for admins only, audited with its filters', async () => {
    expect((await download('users', '', userToken)).res.status).toBe(403);
    expect((await download('secrets')).res.status).toBe(400);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'data.export')).orderBy(auditLog.id);
    expect(audit.map((a) => a.entityId)).toEqual(['users', 'users', 'orders', 'orders', 'payments', 'orders']);
    expect(audit[2]!.after).toMatchObject({ user_id: tricky, service: 'like' });
  });

  it('quotes every cell and neutralises formulas, whatever separator a spreadsheet splits on', () => {
    expect([csvCell('a'), csvCell('a,b'), csvCell('say "hi"'), csvCell('-1+1'), csvCell(-5), csvCell(null), csvCell('x\ny')]).toEqual(['"a"', '"a,b"', '"say ""hi"""', `"'-1+1"`, '"-5"', '""', '"x\ny"']);
    // A name that is a formula cell to a spreadsheet splitting on ';' (the tr/de default): one quoted cell.
    const name = "x;=cmd|' /C calc'!A0;";
    expect(csvCell(name)).toBe(`"${name}"`);
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
  });
});
