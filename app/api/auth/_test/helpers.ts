import { eq } from 'drizzle-orm';
import type { TestDb } from '@/test/fixtures/db';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/auth';

let n = 0;

/** A user made directly in the database (tests never go through the form to set up state). */
export async function makeUser(
  t: TestDb,
  values: { email?: string; password?: string; rol?: 'user' | 'admin'; aktif?: boolean; adSoyad?: string } = {},
) {
  const password = values.password ?? 'secret-password';
  const [u] = await t.db
    .insert(users)
    .values({
      adSoyad: values.adSoyad ?? 'Test Kullanıcı',
      email: values.email ?? `user${++n}-${Date.now()}@example.com`,
      passwordHash: await hashPassword(password),
      telefon: '+905321234567',
      meslek: 'Diğer',
      rol: values.rol ?? 'user',
      aktif: values.aktif ?? true,
    })
    .returning();
  return { ...u!, password };
}

export async function userRow(t: TestDb, id: number) {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  return u!;
}

/** A distinct caller address per test, so rate limits of one test do not touch another. */
let ip = 0;
export const peer = () => ({ 'x-etk-peer': `10.1.${Math.floor(++ip / 250)}.${ip % 250}` });

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  ad_soyad: 'Ayşe Yılmaz',
  email: `new${++n}-${Date.now()}@example.com`,
  telefon: '+905321234567',
  meslek: 'Influencer',
  sifre: 'secret-password',
  ...overrides,
});
