import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * §2 "/": the platform list decides where the visitor goes; when it cannot be read, the page
 * shows the connection-error view instead of failing. The database, the session and next-intl's
 * redirect are the edges replaced here (a redirect throws in Next, so the mock throws too).
 */
const state = vi.hoisted(() => ({ platforms: [] as { ad: string }[], fail: false }));
vi.mock('@/auth', () => ({ getSessionUser: async () => null }));
vi.mock('@/db/client', () => ({ getDb: async () => ({}) }));
vi.mock('next-intl/server', () => ({ setRequestLocale: () => {} }));
vi.mock('@/lib/platforms', () => ({
  cachedActivePlatforms: async () => {
    if (state.fail) throw new Error('connection refused');
    return state.platforms;
  },
}));
vi.mock('@/lib/i18n/navigation', () => ({
  redirect: ({ href, locale }: { href: string; locale: string }) => {
    throw new Error(`redirect ${locale} ${href}`);
  },
  useRouter: () => ({ replace: () => {} }),
}));

const { default: RootPage } = await import('./page');
const { PlatformLoadError, PLATFORM_FALLBACK_MS, PLATFORM_FALLBACK_PATH } = await import('@/components/layout/platform-load-error');

describe('the root page', () => {
  beforeEach(() => {
    state.platforms = [];
    state.fail = false;
  });

  it('goes to the first active platform’s first service, or to the login page when none is active', async () => {
    state.platforms = [{ ad: 'instagram' }, { ad: 'twitter' }];
    await expect(RootPage({ params: Promise.resolve({ locale: 'en' }) })).rejects.toThrow('redirect en /service/reels_comment');
    state.platforms = [];
    await expect(RootPage({ params: Promise.resolve({ locale: 'de' }) })).rejects.toThrow('redirect de /login');
  });

  it('shows the connection-error view when the platforms cannot be read, which goes to /service/retweet after 5 s', async () => {
    state.fail = true;
    const view = (await RootPage({ params: Promise.resolve({ locale: 'tr' }) })) as unknown as { type: unknown };
    expect(view.type).toBe(PlatformLoadError);
    expect([PLATFORM_FALLBACK_MS, PLATFORM_FALLBACK_PATH]).toEqual([5000, '/service/retweet']);
  });
});
