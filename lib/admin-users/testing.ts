import { eq, sql } from 'drizzle-orm';
import { createTestDb, installAsAppDb, type TestDb } from '@/test/db';
import { seed } from '@/lib/seed';
import { auditLog, packages, users } from '@/db/schema';
import { signToken } from '@/lib/credentials';
import { writePackagePrices, type PackagePrices } from '@/lib/packages';

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
  /** A package with a price row per platform (`prices`, cents; by default $10, $15 and $9). */
  makePackage: (values?: Partial<typeof packages.$inferInsert>, prices?: PackagePrices) => Promise<number>;
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
    makePackage: async (values = {}, prices = { instagram: 1000, twitter: 1500, youtube: 900 }) => {
      const [row] = await t.db
        .insert(packages)
        .values({ ad: 'Paket', gunlukLimit: 10, profilLimit: 5, ...values })
        .returning();
      await writePackagePrices(t.db, row!.id, prices);
      return row!.id;
    },
    auditOf: (action) => t.db.select().from(auditLog).where(sql`${auditLog.action} = ${action}`).orderBy(auditLog.id),
  };
}
