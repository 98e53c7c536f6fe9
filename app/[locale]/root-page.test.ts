import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * §2 "/" with issue #15's storefront: a visitor sees the storefront above the first active
 * platform's first service and its profiles; no active platform sends to /login; when the
 * platforms cannot be read, the connection-error view instead of failing. The database, the
 * session, next-intl and the client components are the edges replaced here (a redirect throws in
 * Next, so the mock throws too).
 */
const state = vi.hoisted(() => ({ platforms: [] as { ad: string }[], fail: false, user: null as null | { id: number } }));
vi.mock('@/auth', () => ({ getSessionUser: async () => state.user }));
vi.mock('@/db/client', () => ({ getDb: async () => ({}) }));
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getTranslations: async () => (key: string, args?: Record<string, string>) => (args ? `${key} ${JSON.stringify(args)}` : key),
}));
vi.mock('@/lib/platforms', () => ({
  cachedActivePlatforms: async () => {
    if (state.fail) throw new Error('connection refused');
    return state.platforms;
  },
}));
vi.mock('@/lib/storefront', () => ({
  getPriceList: async () => {
    if (state.fail) throw new Error('connection refused');
    return { platforms: state.platforms.map((p) => ({ platform: p.ad, services: [], fromCents: 999 })), packages: [], newTweetTiers: [] };
  },
}));
vi.mock('@/lib/profiles', () => ({
  readProfiles: async () => [{ id: 7, username: 'ada', name: 'Ada', followers: '3K' }],
  profileReliability: async () => new Map([[7, 0.9]]),
}));
vi.mock('@/app/_lib/request-data', () => ({ requestSiteSettings: async () => ({ site_adi: 'Etki' }), requestSiteName: async () => 'Etki' }));
vi.mock('@/components/service/service-workspace', () => ({ ServiceWorkspace: () => null }));
vi.mock('@/components/storefront/storefront-hero', () => ({ StorefrontHero: () => null }));
vi.mock('@/lib/i18n/navigation', () => ({
  redirect: ({ href, locale }: { href: string; locale: string }) => {
    throw new Error(`redirect ${locale} ${href}`);
  },
  useRouter: () => ({ replace: () => {} }),
}));

const { default: RootPage } = await import('./page');
const { PlatformLoadError, PLATFORM_FALLBACK_MS, PLATFORM_FALLBACK_PATH } = await import('@/components/layout/platform-load-error');
const { StorefrontHero } = await import('@/components/storefront/storefront-hero');
const { ServiceWorkspace } = await import('@/components/service/service-workspace');

type Node = { type: unknown; props: Record<string, unknown> & { children?: unknown } };
/** Every element of a rendered server tree (without rendering the mocked components). */
function elements(node: unknown): Node[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!node || typeof node !== 'object' || !('props' in node)) return [];
  const n = node as Node;
  return [n, ...elements(n.props.children)];
}

describe('the root page', () => {
  beforeEach(() => {
    state.platforms = [];
    state.fail = false;
    state.user = null;
  });

  it('shows a visitor the storefront above the first active platform’s first service and its profiles', async () => {
    state.platforms = [{ ad: 'instagram' }, { ad: 'twitter' }];
    const tree = elements(await RootPage({ params: Promise.resolve({ locale: 'en' }) }));
    const hero = tree.findIndex((n) => n.type === StorefrontHero);
    const workspace = tree.findIndex((n) => n.type === ServiceWorkspace);
    expect(hero).toBeGreaterThanOrEqual(0);
    expect(workspace).toBeGreaterThan(hero);
    expect(tree[hero]!.props).toMatchObject({ siteName: 'Etki', prices: [{ platform: 'instagram', fromCents: 999 }, { platform: 'twitter', fromCents: 999 }] });
    expect(tree[workspace]!.props).toMatchObject({
      service: 'reels_comment',
      platform: 'instagram',
      profiles: [{ id: 7, username: 'ada', reliability: 0.9 }],
      viewer: { loggedIn: false },
    });
  });

  it('sends a logged-in user to the panel, and a visitor to the login page when no platform is active', async () => {
    await expect(RootPage({ params: Promise.resolve({ locale: 'de' }) })).rejects.toThrow('redirect de /login');
    state.user = { id: 1 };
    state.platforms = [{ ad: 'twitter' }];
    await expect(RootPage({ params: Promise.resolve({ locale: 'en' }) })).rejects.toThrow('redirect en /panel');
  });

  it('shows the connection-error view when the platforms cannot be read, which goes to /service/retweet after 5 s', async () => {
    state.fail = true;
    const view = (await RootPage({ params: Promise.resolve({ locale: 'tr' }) })) as unknown as { type: unknown };
    expect(view.type).toBe(PlatformLoadError);
    expect([PLATFORM_FALLBACK_MS, PLATFORM_FALLBACK_PATH]).toEqual([5000, '/service/retweet']);
  });
});
