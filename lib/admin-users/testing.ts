import { eq, sql } from 'drizzle-orm';
import { createTestDb, installAsAppDb, type TestDb } from '@/test/fixtures/db';
import { seed } from '@/db/seed';
import { auditLog, packages, users } from '@/db/schema';
import { signToken } from '@/lib/auth';

/**
 * Test fixture for the admin back office: a fresh database used by the route handlers, the
 * seeded admin with an admin token, and a customer with a user token. Only tests import this.
 */
export type AdminFixture = {
  t: TestDb;
  adminId: number;
  adminToken: string;
  userId: number;
  userToken: string;
  makeUser: (values?: Partial<typeof users.$inferInsert>) => Promise<{ id: number; token: string }>;
  makePackage: (values?: Partial<typeof packages.$inferInsert>) => Promise<number>;
  auditOf: (action: string) => Promise<(typeof auditLog.$inferSelect)[]>;
};

let counter = 0;

export async function adminFixture(): Promise<AdminFixture> {
  const t = await createTestDb();
  installAsAppDb(t);
  await seed(t.db, { baseUrl: 'http://127.0.0.1:9', adminEmail: 'admin@example.com', adminPassword: 'admin-pass', demo: false });
  const [admin] = await t.db.select().from(users).where(eq(users.rol, 'admin'));
  const makeUser: AdminFixture['makeUser'] = async (values = {}) => {
    counter += 1;
    const [row] = await t.db
      .insert(users)
      .values({ adSoyad: `Kullanıcı ${counter}`, email: `u${counter}-${Date.now()}@example.com`, passwordHash: 'x', ...values })
      .returning();
    return { id: row!.id, token: await signToken(t.db, row!, row!.rol === 'admin' ? 'admin' : 'user') };
  };
  const customer = await makeUser({ adSoyad: 'Müşteri' });
  return {
    t,
    adminId: admin!.id,
    adminToken: await signToken(t.db, admin!, 'admin'),
    userId: customer.id,
    userToken: customer.token,
    makeUser,
    makePackage: async (values = {}) => {
      const [row] = await t.db
        .insert(packages)
        .values({ ad: 'Paket', priceInstagramCents: 1000, priceTwitterCents: 1500, priceYoutubeCents: 900, gunlukLimit: 10, profilLimit: 5, ...values })
        .returning();
      return row!.id;
    },
    auditOf: (action) => t.db.select().from(auditLog).where(sql`${auditLog.action} = ${action}`).orderBy(auditLog.id),
  };
}
