import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';

describe('the start banner', () => {
  it('says where to open the app, the logins created by this start and where the data lives', () => {
    const text = startBanner({
      url: 'http://localhost:3931',
      adminEmail: 'admin@example.com',
      demo: true,
      created: [
        { role: 'admin', email: 'admin@example.com', password: 'A-pass', generated: true },
        { role: 'user', email: 'demo@example.com', password: 'D-pass', generated: true },
      ],
      database: { kind: 'pglite', dataDir: './data' },
    });
    expect(text).toContain('open http://localhost:3931');
    expect(text).toContain('admin@example.com / A-pass  (http://localhost:3931/admin-login)');
    expect(text).toContain('demo@example.com / D-pass  (http://localhost:3931/login)');
    expect(text).toContain('./data (embedded database');
    expect(text).toContain('npm run demo:reset');
  });

  it('on later starts names the accounts without passwords', () => {
    const text = startBanner({ url: 'http://localhost:3000', adminEmail: 'ops@example.com', demo: false, created: [], database: { kind: 'postgres' } });
    expect(text).toContain('ops@example.com  (http://localhost:3000/admin-login; password as printed at the first start)');
    expect(text).not.toContain('demo@example.com');
    expect(text).toContain('PostgreSQL');
  });
});

describe('next-auth URL', () => {
  it('follows the app URL (PORT or PUBLIC_URL) unless NEXTAUTH_URL is set', async () => {
    const { publicUrl, setNextAuthUrl } = await import('@/env');
    const saved = process.env.NEXTAUTH_URL;
    delete process.env.NEXTAUTH_URL;
    setNextAuthUrl();
    expect(process.env.NEXTAUTH_URL).toBe(publicUrl());
    process.env.NEXTAUTH_URL = 'https://shop.example.com';
    setNextAuthUrl();
    expect(process.env.NEXTAUTH_URL).toBe('https://shop.example.com');
    if (saved === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = saved;
  });
});
