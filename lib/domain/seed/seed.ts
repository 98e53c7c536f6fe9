import 'server-only';
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { announcements, packages, platforms, siteSettings, userPackages, users } from '@/db/schema';
import { ENDPOINT_KEYS, PLATFORMS, type Platform } from '@/lib/domain/catalogue/services';
import { hashPassword } from '@/lib/domain/credentials';
import { writePackagePrices } from '@/lib/domain/packages/package-prices';
import { creditBalance } from '@/lib/domain/balance';
import { DEFAULT_SITE_SETTINGS } from '@/lib/domain/settings/get-site-settings';

export type SeedOptions = {
  /** Base URL of this node: the simulated fulfilment provider is served under it at /sim-provider. */
  baseUrl: string;
  adminEmail: string;
  /** When unset, a password is generated and returned once. */
  adminPassword?: string;
  /** Demo packages, announcements and a demo customer. */
  demo: boolean;
};

export type SeedResult = {
  /** Credentials created by this run (printed once by server.ts); empty on later starts. */
  created: { role: 'admin' | 'user'; email: string; password: string; generated: boolean }[];
};

const SIM_PATH = /^http:\/\/(?:127\.0\.0\.1|localhost):\d+\/sim-provider\//;

export function simulatedEndpoints(baseUrl: string, platform: Platform): Record<string, string> {
  return Object.fromEntries(ENDPOINT_KEYS[platform].map((key) => [key, `${baseUrl}/sim-provider/${platform}/${key}`]));
}

/**
 * Idempotent: runs at every start and only adds what is missing. Endpoint URLs that point at the
 * built-in simulated provider on loopback follow this node's port; URLs an admin set elsewhere
 * are never touched.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  // Several nodes may start together on one empty database (docs/scaling.md): one seeds at
  // a time, the others then find the rows and add nothing (without this, the second node's admin
  // insert hit the unique e-mail index and the node exited — e2e/two-node.spec.ts).
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7340022)`);
    return seedUnlocked(tx as unknown as Db, options);
  });
}

async function seedUnlocked(db: Db, options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { created: [] };

  for (const [index, ad] of PLATFORMS.entries()) {
    const wanted = simulatedEndpoints(options.baseUrl, ad);
    const [existing] = await db.select().from(platforms).where(eq(platforms.ad, ad));
    if (!existing) {
      await db.insert(platforms).values({ ad, aktif: true, apiEndpoints: wanted, sortOrder: index }).onConflictDoNothing();
      continue;
    }
    const current = existing.apiEndpoints;
    const next = { ...current };
    for (const [key, url] of Object.entries(wanted)) {
      if (!current[key] || SIM_PATH.test(current[key])) next[key] = url;
    }
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      await db.update(platforms).set({ apiEndpoints: next }).where(eq(platforms.id, existing.id));
    }
  }

  await db
    .insert(siteSettings)
    .values({
      id: 1,
      siteAdi: DEFAULT_SITE_SETTINGS.site_adi,
      siteAciklama: DEFAULT_SITE_SETTINGS.site_aciklama,
    })
    .onConflictDoNothing();

  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.rol, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  if (!anyAdmin) {
    const password = options.adminPassword ?? generatePassword();
    await db.insert(users).values({
      adSoyad: 'Admin',
      email: options.adminEmail.toLowerCase(),
      rol: 'admin',
      passwordHash: await hashPassword(password),
      meslek: 'Diğer',
    });
    result.created.push({ role: 'admin', email: options.adminEmail.toLowerCase(), password, generated: !options.adminPassword });
  }

  if (!options.demo) return result;

  const [{ count: packageCount } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(packages);
  if (packageCount === 0) {
    const demoPackages: { values: typeof packages.$inferInsert; prices: Partial<Record<Platform, number>> }[] = [
      { values: { ad: 'Başlangıç', nameEn: 'Starter', nameDe: 'Einsteiger', gunlukLimit: 10, profilLimit: 5 }, prices: { instagram: 999, twitter: 1499, youtube: 999, tiktok: 999 } },
      { values: { ad: 'Profesyonel', nameEn: 'Professional', nameDe: 'Profi', gunlukLimit: 50, profilLimit: 15 }, prices: { instagram: 2999, twitter: 3999, youtube: 2999, tiktok: 2999 } },
      // No German name: German pages show the English one (lib/domain/packages packageName).
      { values: { ad: 'Ajans', nameEn: 'Agency', gunlukLimit: 200, profilLimit: 40 }, prices: { instagram: 7999, twitter: 9999, youtube: 7999, tiktok: 7999 } },
    ];
    for (const demo of demoPackages) {
      const [row] = await db.insert(packages).values(demo.values).returning({ id: packages.id });
      await writePackagePrices(db, row!.id, demo.prices);
    }
  }

  const [{ count: announcementCount } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(announcements);
  if (announcementCount === 0) {
    await db.insert(announcements).values([
      {
        baslik: 'Hoş geldiniz!',
        icerik: 'Paketinizi seçin, profilleri işaretleyin ve işlemlerinizi canlı takip edin.\nSorularınız için sayfanın altındaki yardım menüsünü kullanabilirsiniz.',
        baslikEn: 'Welcome!',
        icerikEn: 'Choose your package, tick the profiles and follow your orders live.\nFor questions, use the help menu at the bottom of the page.',
        baslikDe: 'Willkommen!',
        icerikDe: 'Wählen Sie Ihr Paket, markieren Sie die Profile und verfolgen Sie Ihre Aufträge live.\nBei Fragen hilft Ihnen das Hilfemenü unten auf der Seite.',
        oncelik: 0,
      },
      {
        baslik: 'Yeni: YouTube yorumları',
        icerik: 'YouTube videolarınıza artık yönlendirdiğiniz konuda yorum alabilirsiniz.',
        baslikEn: 'New: YouTube comments',
        icerikEn: 'Your YouTube videos can now receive comments on the topic you steer them to.',
        baslikDe: 'Neu: YouTube-Kommentare',
        icerikDe: 'Ihre YouTube-Videos können jetzt Kommentare zu dem Thema erhalten, das Sie vorgeben.',
        oncelik: 1,
      },
    ]);
  }

  const demoEmail = DEMO_EMAIL;
  const [demoUser] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${demoEmail}`);
  if (!demoUser) {
    const password = generatePassword();
    const [starter] = await db.select().from(packages).where(isNull(packages.deletedAt)).orderBy(packages.id).limit(1);
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          adSoyad: 'Demo Müşteri',
          email: demoEmail,
          telefon: '+905551112233',
          meslek: 'Influencer',
          passwordHash: await hashPassword(password),
        })
        .returning({ id: users.id });
      if (!created) return;
      await creditBalance(tx, { userId: created.id, amountCents: 2500, reason: 'adjustment', note: 'demo balance' });
      if (starter) {
        const now = new Date();
        const end = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
        await tx.insert(userPackages).values(
          PLATFORMS.map((platform) => ({
            userId: created.id,
            packageId: starter.id,
            platform,
            paketAdi: starter.ad,
            gunlukLimit: starter.gunlukLimit,
            profilLimit: starter.profilLimit,
            startsAt: now,
            endsAt: end,
          })),
        );
      }
    });
    result.created.push({ role: 'user', email: demoEmail, password, generated: true });
  }

  return result;
}

/**
 * `npm run demo:reset`: new generated passwords for the admin (ADMIN_EMAIL) and the demo customer,
 * returned once for printing. Their sessions end (a new session version). Accounts that do not
 * exist are left out.
 */
export async function resetDemoPasswords(db: Db, options: { adminEmail: string }): Promise<SeedResult> {
  const result: SeedResult = { created: [] };
  for (const [role, email] of [['admin', options.adminEmail.toLowerCase()], ['user', DEMO_EMAIL]] as const) {
    const password = generatePassword();
    const [row] = await db
      .update(users)
      .set({ passwordHash: await hashPassword(password), sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (row) result.created.push({ role, email, password, generated: true });
  }
  return result;
}

export const DEMO_EMAIL = 'demo@example.com';

function generatePassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}
