import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encode } from 'next-auth/jwt';
import { inArray, sql } from 'drizzle-orm';
import { platforms, profiles, siteSettings, users } from '@/db/schema';
import { getAuthSecret } from '@/lib/domain/credentials';
import { publicContentChanged } from '@/lib/infra/cache';
import { setupTestDb } from '@/test/fixtures/db';
import { insertPackages } from '@/test/fixtures/packages';
import en from '@/messages/en.json';

/**
 * §2 "/" with issue #15's storefront: a visitor sees the storefront above the first active
 * platform's first service and its profiles; no active platform sends to /login; a signed-in user
 * goes to /panel; when the platforms cannot be read, the connection-error view instead of failing.
 * The page runs as it is, on a test database, with its real session check, data and translations.
 *
 * Only what Next.js provides to a request is stood in for, as a test has no request: `next/headers`
 * answers this test's request (its cookie), and next-intl's server functions, which need React
 * Server Components to know the request's locale, are read from the app's own request configuration
 * (lib/infra/i18n/request.ts: the locale's catalogue) with use-intl's translator, as next-intl does.
 */
const request = vi.hoisted(() => ({ locale: 'tr', cookies: {} as Record<string, string> }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ getAll: () => Object.entries(request.cookies).map(([name, value]) => ({ name, value })) }),
}));
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('use-intl/core');
  const config = async (locale: string) => {
    const { default: requestConfig } = (await import('@/lib/infra/i18n/request')) as unknown as { default: (p: { requestLocale: Promise<string> }) => Promise<Parameters<typeof createTranslator>[0]> };
    return requestConfig({ requestLocale: Promise.resolve(locale) });
  };
  return {
    getRequestConfig: <T>(make: T) => make,
    setRequestLocale: (locale: string) => {
      request.locale = locale;
    },
    getLocale: async () => request.locale,
    getTranslations: async (options?: string | { locale?: string; namespace?: string }) => {
      const { locale = request.locale, namespace = undefined } = typeof options === 'string' ? { namespace: options } : (options ?? {});
      return createTranslator({ ...(await config(locale)), namespace });
    },
  };
});

const { default: RootPage } = await import('./page');
const { PlatformLoadError, PLATFORM_FALLBACK_MS, PLATFORM_FALLBACK_PATH } = await import('@/components/layout/platform-load-error');
const { StorefrontHero } = await import('@/components/storefront/storefront-hero');
const { ServiceWorkspace } = await import('@/components/service/service-workspace');

const t = setupTestDb({ asAppDb: true });
let ada: number;
let session: string;

beforeAll(async () => {
  await t.db.insert(siteSettings).values({ id: 1, siteAdi: 'Etki' }).onConflictDoUpdate({ target: siteSettings.id, set: { siteAdi: 'Etki' } });
  await t.db.insert(platforms).values([
    { ad: 'instagram', aktif: true, sortOrder: 0 },
    { ad: 'twitter', aktif: true, sortOrder: 1 },
    { ad: 'youtube', aktif: false, sortOrder: 2 },
  ]);
  await insertPackages(t.db, [{ ad: 'Başlangıç', prices: { instagram: 999, twitter: 999, youtube: 999 }, gunlukLimit: 10, profilLimit: 5 }]);
  [{ id: ada }] = (await t.db.insert(profiles).values({ platform: 'instagram', providerId: 'ig-ada', username: 'ada', name: 'Ada', followersText: '3K' }).returning({ id: profiles.id })) as [{ id: number }];
  // The cookie next-auth sets at sign-in: the user's id and session version, signed with the app's secret.
  const [user] = await t.db.insert(users).values({ adSoyad: 'Ayla', email: 'root-page@example.com', passwordHash: 'x' }).returning();
  session = await encode({ token: { uid: user!.id, sv: user!.sessionVersion, kind: 'user' }, secret: await getAuthSecret(t.db) });
});

/** Which platforms are active, written as the admin's platform switch does (the public caches end at once). */
async function activate(...names: ('instagram' | 'twitter' | 'youtube')[]) {
  await t.db.update(platforms).set({ aktif: inArray(platforms.ad, names) });
  publicContentChanged();
}

/** The root page for a request in `locale`, with the session cookie when `signedIn`. */
function visit(locale: string, options: { signedIn?: boolean } = {}) {
  request.cookies = options.signedIn ? { 'next-auth.session-token': session } : {};
  return RootPage({ params: Promise.resolve({ locale }) });
}

/** Where a redirect sent the request: Next.js ends the render by throwing it. */
async function redirectOf(render: Promise<unknown>): Promise<string> {
  const err = (await render.then(() => null, (e: unknown) => e)) as { digest?: string } | null;
  expect(err?.digest, 'the page redirects').toMatch(/^NEXT_REDIRECT;/);
  return err!.digest!.split(';')[2]!;
}

type Node = { type: unknown; props: Record<string, unknown> & { children?: unknown } };
/** Every element of a rendered server tree (without rendering the components in it). */
function elements(node: unknown): Node[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!node || typeof node !== 'object' || !('props' in node)) return [];
  const n = node as Node;
  return [n, ...elements(n.props.children)];
}

describe('the root page', () => {
  beforeEach(async () => {
    await activate('instagram', 'twitter');
  });

  it('shows a visitor the storefront above the first active platform’s first service and its profiles', async () => {
    const tree = elements(await visit('en'));
    const hero = tree.findIndex((n) => n.type === StorefrontHero);
    const workspace = tree.findIndex((n) => n.type === ServiceWorkspace);
    expect(hero).toBeGreaterThanOrEqual(0);
    expect(workspace).toBeGreaterThan(hero);
    expect(tree[hero]!.props).toMatchObject({ siteName: 'Etki', prices: [{ platform: 'instagram', fromCents: 999 }, { platform: 'twitter', fromCents: 999 }] });
    expect(tree[workspace]!.props).toMatchObject({
      service: 'reels_comment',
      platform: 'instagram',
      profiles: [{ id: ada, username: 'ada', name: 'Ada', followers: '3K', reliability: null }],
      viewer: { loggedIn: false },
    });
    const heading = tree.find((n) => n.type === 'h2')!;
    expect(heading.props.children).toBe(en.Storefront.profilesTitle.replace('{platform}', en.Platforms.instagram).replace('{service}', en.Services.reels_comment));
  });

  it('sends a logged-in user to the panel, and a visitor to the login page when no platform is active', async () => {
    await activate();
    expect(await redirectOf(visit('de'))).toBe('/de/login');
    await activate('twitter');
    expect(await redirectOf(visit('en', { signedIn: true }))).toBe('/en/panel');
  });

  it('shows the connection-error view when the platforms cannot be read, which goes to /service/retweet after 5 s', async () => {
    await t.db.execute(sql`alter table platforms rename to platforms_away`);
    publicContentChanged();
    try {
      const view = (await visit('tr')) as unknown as { type: unknown };
      expect(view.type).toBe(PlatformLoadError);
    } finally {
      await t.db.execute(sql`alter table platforms_away rename to platforms`);
      publicContentChanged();
    }
    expect([PLATFORM_FALLBACK_MS, PLATFORM_FALLBACK_PATH]).toEqual([5000, '/service/retweet']);
  });
});
