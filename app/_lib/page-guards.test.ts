import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@/lib/domain/credentials';

/**
 * The page guards decide on the session user alone; next-auth and next-intl's redirect are the
 * edges replaced here (a redirect throws in Next, so the mock throws too).
 */
const session = vi.hoisted(() => ({ user: null as AuthUser | null }));
vi.mock('@/auth', () => ({ getSessionUser: async () => session.user }));
vi.mock('@/lib/infra/i18n/navigation', () => ({
  redirect: ({ href, locale }: { href: string; locale: string }) => {
    throw new Error(`redirect ${locale} ${href}`);
  },
}));

const { requirePageAdmin, requirePageUser } = await import('./page-guards');

const customer: AuthUser = { id: 7, rol: 'user', email: 'c@example.com', adSoyad: 'C', locale: 'tr', kind: 'user' };
const admin: AuthUser = { ...customer, id: 1, rol: 'admin', kind: 'admin' };

describe('page guards', () => {
  beforeEach(() => {
    session.user = null;
  });

  it('sends a visitor to the login page of the page language', async () => {
    await expect(requirePageUser('de')).rejects.toThrow('redirect de /login');
  });

  it('returns the signed-in customer', async () => {
    session.user = customer;
    await expect(requirePageUser('tr')).resolves.toEqual(customer);
  });

  it('sends anyone who is not an admin to the admin login', async () => {
    await expect(requirePageAdmin('en')).rejects.toThrow('redirect en /admin-login');
    session.user = customer;
    await expect(requirePageAdmin('en')).rejects.toThrow('redirect en /admin-login');
    session.user = admin;
    await expect(requirePageAdmin('en')).resolves.toEqual(admin);
  });
});
